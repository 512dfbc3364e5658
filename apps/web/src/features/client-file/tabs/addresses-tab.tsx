import { type Address, addressInputSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../components/form/field-defs';
import { addressesApi } from '../api';
import { ChildrenTab } from './children-tab';
import type { ClientFileTabProps } from './types';

const ADDRESS_FIELDS: readonly FieldDef[] = [
  {
    name: 'type',
    kind: 'select',
    options: ['head_office', 'shop', 'billing', 'delivery', 'other'],
    required: true,
  },
  { name: 'street', required: true, width: 12 },
  { name: 'post_code', required: true, width: 4 },
  { name: 'city', required: true, width: 4 },
  { name: 'country', required: true, width: 4 },
];

/** The client file's addresses (head office, shop, billing, delivery, other). */
export function AddressesTab({ vendorId, canWrite }: ClientFileTabProps) {
  const { t } = useTranslation('client-file');
  const query = addressesApi.useList(vendorId);
  const create = addressesApi.useCreate(vendorId);
  const update = addressesApi.useUpdate(vendorId);
  const remove = addressesApi.useRemove(vendorId);
  return (
    <ChildrenTab<Address>
      ns="addresses"
      testId="client-file-addresses"
      canWrite={canWrite}
      query={query}
      primary={(a) => t(`options.type.${a.type}`)}
      secondary={(a) => `${a.street}, ${a.post_code} ${a.city}, ${a.country}`}
      createDefs={ADDRESS_FIELDS}
      createSchema={addressInputSchema}
      initialCreate={{ type: 'head_office', country: 'France' }}
      create={(p) => create.mutateAsync(addressInputSchema.parse(p))}
      update={(a, p) => update.mutateAsync({ id: a.id, body: addressInputSchema.parse(p) })}
      remove={(a) => remove.mutateAsync(a.id)}
    />
  );
}
