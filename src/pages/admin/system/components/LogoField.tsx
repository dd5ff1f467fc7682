/**
 * The logo picker of the system settings: a preview, an "Upload image" button that reads the file
 * into a data URL in the browser (PNG/JPEG/GIF/WebP/SVG, at most 256 KB: contracts/settings.ts
 * LOGO_MAX_BYTES; the server checks again), and a reset to Assay's own logo. Controlled by ProForm
 * (`value` is the data URL, a path on this server, or null).
 */
import { UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, message, Space, Upload } from 'antd';
import React from 'react';
import { useIntl } from 'umi';

/** 256 KB, as contracts/settings.ts LOGO_MAX_BYTES (a value, so not imported from the zod file). */
const MAX_BYTES = 256 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];

export default function LogoField({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const pick = (file: File) => {
    if (!TYPES.includes(file.type)) message.error(t('system.logoType'));
    else if (file.size > MAX_BYTES) message.error(t('system.logoTooLarge'));
    else {
      const reader = new FileReader();
      reader.onload = () => onChange?.(String(reader.result));
      reader.readAsDataURL(file);
    }
    return Upload.LIST_IGNORE;
  };
  return (
    <Space align="center" size="large">
      <img
        src={value ?? '/admin/logo.svg'}
        alt=""
        width={48}
        height={48}
        style={{ objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 6, padding: 4 }}
        data-testid="logo-preview"
      />
      <Upload accept={TYPES.join(',')} showUploadList={false} beforeUpload={pick}>
        <Button icon={<UploadOutlined />}>{t('system.logoUpload')}</Button>
      </Upload>
      {value && (
        <Button icon={<UndoOutlined />} onClick={() => onChange?.(null)}>
          {t('system.logoReset')}
        </Button>
      )}
    </Space>
  );
}
