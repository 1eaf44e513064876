import { cloneElement, isValidElement, type Ref } from 'react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

type AnyProps = Record<string, unknown>;
type Handler = (...args: unknown[]) => void;

/**
 * `asChild` for the UI primitives (Button, Badge, CardTitle): the component's props on its single child, the way
 * Radix's Slot merges them (the child's props win, but classes join, styles merge, both event handlers run — the
 * child's first — and both refs are set). Ours rather than Radix's so the landing page's hydration does not carry
 * @radix-ui/react-slot and compose-refs (its budget, e2e/landing.e2e.ts).
 */
export function Slot({ children, ...slot }: React.HTMLAttributes<HTMLElement> & { ref?: Ref<unknown> }) {
  if (!isValidElement<AnyProps>(children)) return null;
  const own = children.props;
  const merged: AnyProps = { ...(slot as AnyProps), ...own };
  for (const [key, value] of Object.entries(slot as AnyProps)) {
    const childHandler = own[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof childHandler === 'function') {
      merged[key] = (...args: unknown[]) => {
        (childHandler as Handler)(...args);
        (value as Handler)(...args);
      };
    }
  }
  merged.className = cn(slot.className, own.className as string | undefined);
  merged.style = { ...slot.style, ...(own.style as React.CSSProperties | undefined) };
  const refs = [slot.ref, own.ref as Ref<unknown> | undefined].filter((ref) => ref != null);
  if (refs.length > 1) {
    merged.ref = (node: unknown) => {
      for (const ref of refs) {
        if (typeof ref === 'function') ref(node as never);
        else (ref as React.RefObject<unknown>).current = node;
      }
    };
  }
  return cloneElement(children, merged);
}
