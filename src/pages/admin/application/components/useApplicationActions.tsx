/**
 * Deleting an application to the recycle bin, asked first (the list and the application's page
 * share it). Render the returned `contextHolder` once.
 */
import { useIntl } from 'umi';
import type { Application } from '../../../../../contracts';
import { useConfirmedDelete } from '../../../../components/useConfirmedDelete';
import { removeApplication } from '../../../../services/applications';

export function useApplicationActions(onDeleted: () => void) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { confirmDelete, contextHolder } = useConfirmedDelete();

  /** Deletes `app` to the recycle bin after a confirmation naming it. */
  const remove = (app: Pick<Application, 'slug' | 'name'>) =>
    confirmDelete({
      title: t('applications.delete.confirm', { name: app.name }),
      content: t('applications.delete.desc', { slug: app.slug }),
      okText: t('applications.delete'),
      success: t('applications.deleted', { name: app.name }),
      run: () => removeApplication(app.slug),
      onDone: onDeleted,
    });

  return { remove, contextHolder };
}
