/**
 * The config fields of one connector kind, inside the connector form (names `['config', key]`, as
 * the server names them in a 400: `config.host`). Databases: host, port, database, user, the
 * password's secret variable, TLS (disable / require / verify with the CA certificate's secret
 * variable). REST/JSON: URL, where the rows are in an answer, the paging (page number, offset or
 * cursor, with their parameter names), the auth header from a secret variable. A file at a URL:
 * URL, format, the auth header. Limits as contracts/connectors.ts.
 */
import { Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import React from 'react';
import type { ConnectorKind } from '../../../../../contracts/connectors.constants';
import { CONNECTOR_FILE_FORMATS, CONNECTOR_REST_PAGINATIONS, CONNECTOR_TLS_MODES } from '../../../../../contracts/connectors.constants';
import { useT } from '../../../../components/useT';
import NoAria from './NoAria';
import VariableSelect from './VariableSelect';

const c = (key: string) => ['config', key];

/** The auth header of REST and file sources: its name, a prefix, and the secret variable holding the rest. */
function HeaderFields() {
  const t = useT();
  return (
    <>
      <Form.Item name={c('headerVariable')} label={t('connectors.field.headerVariable')} extra={t('connectors.field.headerVariableHelp')}>
        <VariableSelect testId="connector-header-variable" />
      </Form.Item>
      <Form.Item noStyle dependencies={[c('headerVariable')]}>
        {({ getFieldValue }) =>
          getFieldValue(c('headerVariable')) ? (
            <>
              <Form.Item name={c('headerName')} label={t('connectors.field.headerName')} rules={[{ max: 64 }]}>
                <Input style={{ maxWidth: 260 }} />
              </Form.Item>
              <Form.Item name={c('headerPrefix')} label={t('connectors.field.headerPrefix')} extra={t('connectors.field.headerPrefixHelp')}>
                <Input style={{ maxWidth: 260 }} maxLength={64} />
              </Form.Item>
            </>
          ) : null
        }
      </Form.Item>
    </>
  );
}

function DbFields({ kind }: { kind: ConnectorKind }) {
  const t = useT();
  const required = { required: true, whitespace: true, message: t('connectors.required') };
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={16}>
          <Form.Item name={c('host')} label={t('connectors.field.host')} rules={[required, { max: 253 }]} extra={t('connectors.field.hostHelp')}>
            <Input autoComplete="off" data-testid="connector-host" placeholder="db.internal" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name={c('port')} label={t('connectors.field.port')}>
            <InputNumber min={1} max={65_535} precision={0} style={{ width: '100%' }} placeholder={kind === 'mysql' ? '3306' : '5432'} data-testid="connector-port" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={c('database')} label={t('connectors.field.database')} rules={[required, { max: 64 }]}>
            <Input autoComplete="off" data-testid="connector-database" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={c('user')} label={t('connectors.field.user')} rules={[required, { max: 64 }]}>
            <Input autoComplete="off" data-testid="connector-user" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={c('passwordVariable')} label={t('connectors.field.passwordVariable')} extra={t('connectors.field.passwordVariableHelp')}>
        <VariableSelect testId="connector-password-variable" />
      </Form.Item>
      <Form.Item name={c('tls')} label={t('connectors.field.tls')} extra={t(`connectors.tlsHelp`)}>
        <Radio.Group optionType="button" options={CONNECTOR_TLS_MODES.map((m) => ({ value: m, label: t(`connectors.tls.${m}`) }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={[c('tls')]}>
        {({ getFieldValue }) =>
          getFieldValue(c('tls')) === 'verify' ? (
            <Form.Item
              name={c('caVariable')}
              label={t('connectors.field.caVariable')}
              extra={t('connectors.field.caVariableHelp')}
              rules={[{ required: true, message: t('connectors.field.caRequired') }]}
            >
              <VariableSelect testId="connector-ca-variable" />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </>
  );
}

function RestFields() {
  const t = useT();
  const required = { required: true, whitespace: true, message: t('connectors.required') };
  const param = (key: string) => (
    <Form.Item key={key} name={c(key)} label={t(`connectors.field.${key}`)} rules={[required, { max: 64 }]}>
      <Input style={{ maxWidth: 200 }} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item name={c('url')} label={t('connectors.field.url')} rules={[required, { max: 2048 }, { pattern: /^https?:\/\/\S+$/i, message: t('connectors.field.urlPattern') }]}>
        <Input placeholder="https://api.example.com/v1/items" data-testid="connector-url" />
      </Form.Item>
      <Form.Item name={c('recordsPath')} label={t('connectors.field.recordsPath')} extra={t('connectors.field.recordsPathHelp')} rules={[{ max: 200 }]}>
        <Input style={{ maxWidth: 260 }} placeholder="data.items" />
      </Form.Item>
      <Form.Item name={c('pagination')} label={t('connectors.field.pagination')}>
        <Radio.Group optionType="button" options={CONNECTOR_REST_PAGINATIONS.map((p) => ({ value: p, label: t(`connectors.pagination.${p}`) }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={[c('pagination')]}>
        {({ getFieldValue }) => {
          const p = getFieldValue(c('pagination'));
          if (p === 'none' || !p) return null;
          return (
            <>
              <Form.Item name={c('pageSize')} label={t('connectors.field.pageSize')}>
                <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} />
              </Form.Item>
              {p === 'page' && [
                param('pageParam'),
                <Form.Item key="firstPage" name={c('firstPage')} label={t('connectors.field.firstPage')}>
                  <Radio.Group options={[0, 1].map((n) => ({ value: n, label: String(n) }))} />
                </Form.Item>,
                param('sizeParam'),
              ]}
              {p === 'offset' && [param('offsetParam'), param('sizeParam')]}
              {p === 'cursor' && [
                param('cursorParam'),
                param('sizeParam'),
                <Form.Item
                  key="nextCursorPath"
                  name={c('nextCursorPath')}
                  label={t('connectors.field.nextCursorPath')}
                  extra={t('connectors.field.nextCursorPathHelp')}
                  rules={[required, { max: 200 }]}
                >
                  <Input style={{ maxWidth: 260 }} placeholder="meta.next" />
                </Form.Item>,
              ]}
            </>
          );
        }}
      </Form.Item>
      <HeaderFields />
    </>
  );
}

function FileFields() {
  const t = useT();
  const required = { required: true, whitespace: true, message: t('connectors.required') };
  return (
    <>
      <Form.Item name={c('url')} label={t('connectors.field.url')} rules={[required, { max: 2048 }, { pattern: /^https?:\/\/\S+$/i, message: t('connectors.field.urlPattern') }]}>
        <Input placeholder="https://files.example.com/export.csv" data-testid="connector-url" />
      </Form.Item>
      <Form.Item name={c('format')} label={t('connectors.field.format')} extra={t('connectors.field.formatHelp')}>
        <NoAria>
          <Select style={{ width: 160 }} options={CONNECTOR_FILE_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))} />
        </NoAria>
      </Form.Item>
      <HeaderFields />
    </>
  );
}

/** The config fields of `kind`. */
export default function ConfigFields({ kind }: { kind: ConnectorKind }) {
  if (kind === 'postgres' || kind === 'mysql') return <DbFields kind={kind} />;
  if (kind === 'rest') return <RestFields />;
  return <FileFields />;
}
