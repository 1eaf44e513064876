import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom implements neither; React Router's scroll restoration and smooth scrolling call them.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
