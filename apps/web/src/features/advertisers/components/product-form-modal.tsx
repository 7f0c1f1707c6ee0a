import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  PAYMENT_TYPES,
  PRODUCT_STATUSES,
  productInputSchema,
  type Product,
} from '@pxl/contract/advertisers/advertisers.schemas';
import { INTEGRATION_TYPES } from '@pxl/contract/constants/constants.data';
import { GeosField } from '@/components/forms/fields.tsx';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { useSaveProduct } from '../api/products.ts';
import { CredentialsInput } from './credentials-input.tsx';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useViewport } from '@/lib/viewport-store.ts';
import { sectionsWithErrors } from './integration-errors.ts';
import { INTEGRATION_SECTIONS, IntegrationSection } from './integration-section.tsx';
import { integrationFor, rowErrors } from './integration-values.ts';
import { productBody, productToValues, type ProductFormValues } from './product-form-values.ts';
import { RevenueInput } from './revenue-input.tsx';
import { statusOptions } from '@/lib/labels.ts';
import { TestedNote } from './tested-note.tsx';

const INTEGRATIONS = Object.entries(INTEGRATION_TYPES).map(([value, label]) => ({ value, label }));
const PAYMENTS = PAYMENT_TYPES.map((value) => ({
  value,
  label: value === 'cpa' ? 'CPA' : value === 'revshare' ? 'RevShare' : 'Mixed',
}));
const STATUSES = statusOptions(PRODUCT_STATUSES.filter((s) => s !== 'deleted'));

/**
 * The integration parts opened. Collapsed parts would hide their messages: every part that holds one opens (while
 * rendering, when new messages arrive), then the first message is brought into view (after the opening transition).
 */
function useSectionsShowingErrors(errors: FieldErrors, form: RefObject<HTMLFormElement | null>) {
  const [opened, setOpened] = useState<string[]>([]);
  const [errorsSeen, setErrorsSeen] = useState(errors);
  if (errorsSeen !== errors) {
    setErrorsSeen(errors);
    if (Object.keys(errors).length)
      setOpened((o) => [...new Set([...o, ...sectionsWithErrors(errors, INTEGRATION_SECTIONS)])]);
  }
  useEffect(() => {
    if (!Object.keys(errors).length) return;
    const scroll = setTimeout(
      () =>
        form.current?.querySelector('[aria-invalid="true"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
      250,
    );
    return () => clearTimeout(scroll);
  }, [errors, form]);
  return [opened, setOpened] as const;
}

/** Create or edit a product of an advertiser in a modal. */
export function ProductFormModal({
  advertiserUuid,
  product,
  timeZone,
  onClose,
}: {
  advertiserUuid: string;
  product?: Product;
  timeZone: string;
  onClose: () => void;
}) {
  const [values, setValues] = useState<ProductFormValues>(() => productToValues(product));
  const save = useSaveProduct(advertiserUuid, product?.uuid);
  const phone = useViewport() === 'mobile';
  const form = useRef<HTMLFormElement>(null);
  const set = (patch: Partial<ProductFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const credentialNames = values.replaceCredentials
    ? values.credentials.map((c) => c.key.trim()).filter(Boolean)
    : (product?.credential_keys ?? []);
  // Name/value rows the schema cannot judge (a value without a name, a name twice) are shown with its messages.
  const rows = rowErrors(values.integration);
  const { errors, submit: send } = useSaveForm(save, (found) => ({ ...found, ...rows }));
  const [opened, setOpened] = useSectionsShowingErrors(errors, form);
  const submit = () =>
    send(productInputSchema, productBody(values, !product), {
      check: () => (Object.keys(rows).length ? rows : null),
      notice: (saved) => `Product ${saved.name} ${product ? 'saved' : 'created'}`,
      onSaved: onClose,
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={product ? `Edit product ${product.name}` : 'New product'}
      size="xl"
      fullScreen={phone}
    >
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TestedNote product={product} timeZone={timeZone} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Name"
              required
              name="name"
              value={values.name}
              error={errors.name}
              data-autofocus
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
            <Select
              label="Integration type"
              name="integration_type"
              data={INTEGRATIONS}
              allowDeselect={false}
              value={values.integration_type}
              error={errors.integration_type}
              onChange={(v) => v && set({ integration_type: v, integration: integrationFor(v, product) })}
            />
            <Select
              label="Payment type"
              name="payment_type"
              data={PAYMENTS}
              allowDeselect={false}
              value={values.payment_type}
              error={errors.payment_type}
              onChange={(v) => v && set({ payment_type: v })}
            />
            <Select
              label="Status"
              name="status"
              data={STATUSES}
              allowDeselect={false}
              value={values.status}
              error={errors.status}
              onChange={(v) => v && set({ status: v })}
            />
          </SimpleGrid>
          <GeosField name="geos" value={values.geos} error={errors.geos} onChange={(geos) => set({ geos })} />
          <Text fw={600} size="sm">
            Credentials
          </Text>
          <CredentialsInput
            storedKeys={product?.credential_keys ?? []}
            replace={values.replaceCredentials}
            rows={values.credentials}
            errors={errors}
            onReplace={(replaceCredentials) => set({ replaceCredentials })}
            onChange={(credentials) => set({ credentials })}
          />
          <Text fw={600} size="sm">
            Revenue per geo
          </Text>
          <RevenueInput
            rows={values.revenue}
            geoOptions={GEO_OPTIONS}
            errors={errors}
            onChange={(revenue) => set({ revenue })}
          />
          <Text fw={600} size="sm">
            Integration
          </Text>
          <IntegrationSection
            type={values.integration_type}
            integration={values.integration}
            sandbox={values.sandbox}
            errors={errors}
            credentialNames={credentialNames}
            geoOptions={GEO_OPTIONS}
            opened={opened}
            onOpened={setOpened}
            onIntegration={(patch) => setValues((v) => ({ ...v, integration: { ...v.integration, ...patch } }))}
            onSandbox={(patch) => setValues((v) => ({ ...v, sandbox: { ...v.sandbox, ...patch } }))}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {product ? 'Save product' : 'Create product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
