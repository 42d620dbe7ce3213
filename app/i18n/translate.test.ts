import { describe, expect, it } from 'vitest';
import type { AppError } from '~/lib/errors';
import { authorize } from '~/auth/operations';
import './resources.server';
import { translate } from './translate';

describe('translate', () => {
  it('names a missing permission in the page’s language, and keeps the v0.7.3 label in Chinese', () => {
    let refused: AppError | null = null;
    try {
      authorize(
        { kind: 'apikey', keyId: 'k', name: 'k', permissions: 0, basePath: '/', role: 'GENERAL', isGuest: false },
        'fs.delete',
      );
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
