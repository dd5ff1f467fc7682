/**
 * Deleting a subject, shared by the subjects list and the subject page: asks first (naming the
 * records that go with it), then DELETE …/subjects/:key, which moves the subject, its fields and
 * records to the recycle bin. Render the returned `contextHolder` once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'umi';
import type { Subject } from '../../../../../contracts';
import { useConfirmedDelete } from '../../../../components/useConfirmedDelete';
import { removeSubject } from '../../../../services/subjects';
import { keys } from '../../../../services/query-keys';

export function useSubjectActions(onDeleted: (s: Subject) => void) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const { confirmDelete, contextHolder } = useConfirmedDelete();

  /** Moves the subject to the recycle bin after a confirmation. */
  const remove = (s: Subject) =>
    confirmDelete({
      title: t('subject.deleteConfirm', { name: s.name }),
      content: t('subject.deleteDesc', { count: s.recordCount }),
      okText: t('subject.delete'),
      okTestId: 'confirm-delete-subject',
      success: t('subject.deleted', { name: s.name }),
      run: () => removeSubject(s.application, s.key),
      onDone: () => {
        void queryClient.invalidateQueries({ queryKey: keys('subjects').all });
        onDeleted(s);
      },
    });

  return { remove, contextHolder };
}
