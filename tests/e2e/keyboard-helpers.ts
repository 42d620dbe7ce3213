import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has the focus (at most `maxPresses` times); fails when it never does. */
export async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** `target` has the focus, and shows it: a :focus-visible outline of 2 px or more. */
export async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { visible: el.matches(':focus-visible'), style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.visible).toBe(true);
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
}

/** Tabs to `target` and checks its focus ring: reached and seen with the keyboard alone. */
export async function tabToSeen(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await expectFocusRing(target);
}
