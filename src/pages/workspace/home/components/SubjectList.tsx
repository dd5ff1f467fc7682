/**
 * The workspace home's subjects: a card per subject (icon, name, description, number of fields),
 * each opening `/{app}/{key}`. Empty: says who creates subjects and where (a link to the console's
 * subject screen for an administrator).
 */
import { Card, Col, Empty, Row, Typography } from 'antd';
import React from 'react';
import { Link, useIntl } from 'umi';
import type { WorkspaceSubject } from '../../../../../contracts/route-data';
import IconByName from '../../../../components/IconByName';

export default function SubjectList({
  slug,
  subjects,
  canManage,
  isAdmin,
}: {
  slug: string;
  subjects: WorkspaceSubject[];
  canManage: boolean;
  isAdmin: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Card title={`${t('wsHome.subjects')} (${subjects.length})`} style={{ marginBottom: 16 }} data-testid="home-subjects">
      {subjects.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <span data-testid="home-subjects-empty">
              {t(canManage ? 'wsHome.subjects.emptyManager' : 'wsHome.subjects.empty')}{' '}
              {isAdmin && <Link to={`/admin/subject?application=${encodeURIComponent(slug)}`}>{t('wsHome.subjects.create')}</Link>}
            </span>
          }
        />
      ) : (
        <Row gutter={[12, 12]}>
          {subjects.map((s) => (
            <Col key={s.id} xs={24} sm={12} lg={8}>
              <Link to={`/${slug}/${s.key}`} data-testid={`home-subject-${s.key}`}>
                <Card size="small" hoverable>
                  <Card.Meta
                    avatar={<IconByName name={s.icon} style={{ fontSize: 20 }} />}
                    title={s.name}
                    description={
                      <>
                        <Typography.Text type="secondary">{t('wsHome.subjects.fields', { n: s.fieldCount })}</Typography.Text>
                        {s.description && (
                          <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0 }}>
                            {s.description}
                          </Typography.Paragraph>
                        )}
                      </>
                    }
                  />
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
