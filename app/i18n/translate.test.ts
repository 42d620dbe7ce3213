import { describe, expect, it } from 'vitest';
import type { AppError } from '~/lib/errors';
import { authorize } from '~/auth/operations';
import './resources.server';
import { translate } from './translate';
import { keyPrincipal } from '../../tests/support/principals';

describe('translate', () => {
  it('names a missing permission in the page’s language, and keeps the v0.7.3 label in Chinese', () => {
    let refused: AppError | null = null;
    try {
      authorize(keyPrincipal('k', 0), 'fs.delete');
    } catch (error) {
      refused = error as AppError;
    }
    expect(refused?.messageKey).toBe('permissionRequired');
    expect(translate('en', 'errors.permissionRequired', refused!.details)).toBe(
      'Requires the following permission: Delete',
    );
    expect(translate('zh', 'errors.permissionRequired', refused!.details)).toContain('删除文件');
  });
});
