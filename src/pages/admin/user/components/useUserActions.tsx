/**
 * The destructive and one-shot actions on a user, shared by the users list and the user page:
 * disable/enable, reset password (the new password shown once in a modal with a copy button) and
 * delete to the recycle bin — each asks first. Render the returned `contextHolder` once.
 */
import { message as antMessage, Modal, Typography } from 'antd';
import { useIntl } from 'umi';
import type { ManagedUser } from '../../../../../contracts';
import { removeUser, resetUserPassword, updateUser } from '../../../../services/users';

export function useUserActions(onChanged: (deleted?: boolean) => void) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // hooks, not the static methods: the holders render inside the ConfigProvider (CSP nonce, theme, locale)
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage();

  const fail = (e: unknown) => message.error(e instanceof Error ? e.message : String(e));

  /** Disables (ends the user's sessions) or re-enables the account, after a confirmation. */
  const toggleDisabled = (user: ManagedUser) =>
    modal.confirm({
      title: t(user.disabled ? 'people.user.enable.confirm' : 'people.user.disable.confirm', { name: user.name }),
      content: user.disabled ? undefined : t('people.user.disable.desc'),
      okText: t(user.disabled ? 'people.user.enable' : 'people.user.disable'),
      okButtonProps: { danger: !user.disabled },
      onOk: async () => {
        try {
          await updateUser(user.id, { disabled: !user.disabled });
          message.success(t(user.disabled ? 'people.user.enabled' : 'people.user.disabled', { name: user.name }));
          onChanged();
        } catch (e) {
          fail(e);
        }
      },
    });

  /** Generates a new password after a confirmation and shows it once. */
  const resetPassword = (user: ManagedUser) =>
    modal.confirm({
      title: t('people.user.reset.confirm', { name: user.name }),
      content: t('people.user.reset.desc'),
      okText: t('people.user.reset'),
      onOk: async () => {
        try {
          const result = await resetUserPassword(user.id);
          modal.success({
            title: t('people.user.reset.done', { name: user.name }),
            width: 480,
            content: (
              <div data-testid="new-password">
                <p>{t('people.user.reset.once')}</p>
                <Typography.Paragraph copyable={{ text: result.password }} code style={{ fontSize: 16 }}>
                  {result.password}
                </Typography.Paragraph>
                <p>{t('people.user.reset.sessions', { n: result.sessionsRevoked })}</p>
                {result.tokensRevoked > 0 && <p>{t('people.user.reset.tokens', { n: result.tokensRevoked })}</p>}
              </div>
            ),
          });
          onChanged();
        } catch (e) {
          fail(e);
        }
      },
    });

  /** Deletes the user to the recycle bin after a confirmation. */
  const remove = (user: ManagedUser) =>
    modal.confirm({
      title: t('people.user.delete.confirm', { name: user.name }),
      content: t('people.user.delete.desc'),
      okText: t('people.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeUser(user.id);
          message.success(t('people.user.deleted', { name: user.name }));
          onChanged(true);
        } catch (e) {
          fail(e);
        }
      },
    });

  /** Render once in the page: the modals' and messages' holder. */
  const contextHolder = (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
  return { toggleDisabled, resetPassword, remove, contextHolder };
}
