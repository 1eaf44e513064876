/** The fixed starfield-and-glow backdrop of the public pages (pure CSS, see `night-sky` in globals.css). */
export function NightSky() {
  return <div aria-hidden="true" className="night-sky" />;
}
