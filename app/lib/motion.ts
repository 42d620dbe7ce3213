/**
 * How the page scrolls to something it points at (a form's first error, a form opened below): smoothly,
 * unless the system asks for less motion (issue 47; app.css turns off the rest).
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
