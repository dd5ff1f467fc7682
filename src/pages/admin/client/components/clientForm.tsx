/**
 * What the clients' create/edit dialog (the resource kit's ResourceFormModal) does beyond the
 * definition: the industry suggests those in use, and the linked applications are picked by name
 * or slug (labelled "name (/slug)"). Shared by the list and the client's page.
 */
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'antd';
import React from 'react';
import type { ClientResource } from '../../../../../contracts/clients.resource';
import ReferenceSelect from '../../../../components/resource/ReferenceSelect';
import type { ResourceFormModalProps } from '../../../../components/resource/ResourceFormModal';
import { clientsApi, listClientIndustries } from '../../../../services/clients';

/** The industry input: free text with the industries in use as suggestions (value/onChange from the Form.Item). */
function IndustryInput(props: { value?: string; onChange?: (v: string) => void }) {
  const industries = useQuery({ queryKey: clientsApi.keys.action('industries'), queryFn: listClientIndustries });
  return (
    <AutoComplete
      {...props}
      maxLength={100}
      data-testid="client-field-industry"
      options={(industries.data ?? []).map((i) => ({ value: i }))}
      filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
    />
  );
}

/** The dialog's props for clients: two columns, and the two special inputs. */
export const clientFormProps: Pick<ResourceFormModalProps<ClientResource>, 'fields' | 'columns'> = {
  columns: 2,
  fields: {
    industry: { input: () => <IndustryInput /> },
    applicationIds: {
      input: ({ row, text }) => (
        <ReferenceSelect
          to="applications"
          many
          known={row?.applications}
          labelOf={(a) => `${String(a.name)} (/${String(a.slug)})`}
          placeholder={text.t('people.pick.application')}
          testId="client-field-applications"
        />
      ),
    },
  },
};
