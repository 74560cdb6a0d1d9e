import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import { useConfirm } from '../../../components/use-confirm';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { lazyValue } from '../../../lib/lazy-value';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { BusinessHoursSection, CountrySelect, type SaveBusinessHours } from '../../company';
import { customerQuery, useDeleteCustomer, useUpdateCustomer, type Customer } from '../api';
import { decodeCustomerId } from '../customer-link';
import { CustomerUsersCard } from './customer-users-card';
import { customersTranslations } from '../locales';

registerTranslations(customersTranslations);

const lazyUpdateCustomerSchema = lazyValue(
  async () => (await import('@phonebot/shared/customers/schema')).updateCustomerSchema,
);

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/customers" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t('customers.backToList')}
      </Group>
    </Anchor>
  );
}

function CustomerNotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('customers.notFoundTitle')}</Title>
      <Paper withBorder p="xl">
        <Stack align="flex-start" gap="md">
          <Text>{t('customers.notFoundText')}</Text>
          <Button component={Link} to="/customers" variant="default">
            {t('customers.backToList')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Update Customer (docs/product.md §4): the route parameter is base64 of {userId, email}; a broken one shows "not found". */
export function EditCustomerPage() {
  const { id } = useParams();
  const link = decodeCustomerId(id);
  if (link === null) return <CustomerNotFound />;
  return <EditCustomer key={link.userId} userId={link.userId} />;
}

function EditCustomer({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const customer = useQuery(customerQuery(userId));
  if (customer.isPending) return <PageLoader />;
  if (customer.isError) {
    if (isApiError(customer.error, 404)) return <CustomerNotFound />;
    return (
      <Stack gap="lg">
        <Title order={1}>{t('pages.updateCustomer')}</Title>
        <QueryError query={customer} />
        <BackLink />
      </Stack>
    );
  }
  return <CustomerForm userId={userId} customer={customer.data} />;
}

function CustomerForm({ userId, customer }: { userId: number; customer: Customer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateCustomer();
  const remove = useDeleteCustomer();
  const { confirm, dialog } = useConfirm();
  const { attributes } = customer;
  const form = useZodForm(lazyUpdateCustomerSchema, {
    name: attributes.name,
    company_name: attributes.company_name ?? '',
    address: attributes.address ?? '',
    pin: attributes.pin ?? '',
    city: attributes.city ?? '',
    phone: attributes.phone ?? '',
    bank: attributes.bank ?? '',
    iban: attributes.iban ?? '',
    bic: attributes.bic ?? '',
    default_country: attributes.default_country,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync({ userId, attributes: values });
    } catch (error) {
      if (isApiError(error, 409)) {
        notifyError(t('emailExists'));
        return;
      }
      const fields = fieldErrors(error);
      form.setErrors(fields);
      if (Object.keys(fields).length === 0) notifyError(translateText(t, errorText(error)));
      return;
    }
    notifySuccess(t('userUpdated'));
    await navigate('/customers');
  });

  // The business hours are saved on their own, as on Company Profile: the screen stays open.
  const saveHours: SaveBusinessHours = async (hours) =>
    (await update.mutateAsync({ userId, attributes: { business_hours: hours } })).attributes.business_hours;

  const handleDelete = async () => {
    const confirmed = await confirm({
      title: t('deleteConfirmTitle'),
      text: `${t('deleteConfirmText')} ${t('customers.deleteConsequences')}`,
      confirmLabel: t('deleteConfirmButton'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(userId, {
      onSuccess: () => {
        notifySuccess(`${t('deleted')} ${t('customerDeleted')}`);
        void navigate('/customers');
      },
      onError: () => notifyError(`${t('errorTitle')} ${t('customerDeleteError')}`),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <BackLink />
          <Title order={1}>{t('pages.updateCustomer')}</Title>
        </Stack>
        <Button
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={remove.isPending}
          onClick={() => void handleDelete()}
        >
          {t('customers.deleteCustomer')}
        </Button>
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('customers.form.contact')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('customers.form.name')}
                  autoComplete="off"
                  withAsterisk
                  {...form.getInputProps('name')}
                />
                <TextInput
                  label={t('customers.form.email')}
                  value={attributes.email}
                  readOnly
                  description={t('customers.form.emailReadOnly')}
                />
                <TextInput
                  label={t('customers.form.phone')}
                  type="tel"
                  autoComplete="off"
                  {...form.getInputProps('phone')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('customers.form.company')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('customers.form.companyName')}
                  autoComplete="off"
                  withAsterisk
                  {...form.getInputProps('company_name')}
                />
                <TextInput label={t('customers.form.address')} autoComplete="off" {...form.getInputProps('address')} />
                <TextInput label={t('customers.form.pin')} autoComplete="off" {...form.getInputProps('pin')} />
                <TextInput label={t('customers.form.city')} autoComplete="off" {...form.getInputProps('city')} />
                <TextInput label={t('customers.form.bank')} autoComplete="off" {...form.getInputProps('bank')} />
                <TextInput label={t('customers.form.iban')} autoComplete="off" {...form.getInputProps('iban')} />
                <TextInput label={t('customers.form.bic')} autoComplete="off" {...form.getInputProps('bic')} />
                <CountrySelect {...form.getInputProps('default_country')} />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('customers.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <BusinessHoursSection hours={attributes.business_hours} save={saveHours} />
      <CustomerUsersCard ownerId={userId} />
      {dialog}
    </Stack>
  );
}
