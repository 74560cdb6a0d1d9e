import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paymentStatusName } from '../schemas';

/** The runtime's state (company and guest lists): online from its heartbeat, else offline. */
export function StatusBadge({ status }: { status: string | undefined }) {
  const { t } = useTranslation();
  if (status === 'online') return <Badge color="green">{t('phonebots.status.online')}</Badge>;
  if (status === 'offline') return <Badge color="gray">{t('phonebots.status.offline')}</Badge>;
  return <>{status ?? ''}</>;
}

/** The service state (super list): active when the customer is Active and the phonebot is paid. */
export function ServiceStatusBadge({ pstatus }: { pstatus: string | undefined }) {
  const { t } = useTranslation();
  if (pstatus === 'active') return <Badge color="green">{t('phonebots.status.active')}</Badge>;
  if (pstatus === 'inactive') return <Badge color="gray">{t('phonebots.status.inactive')}</Badge>;
  return <>{pstatus ?? ''}</>;
}

/** docs/product.md §6: green at 1 (active), a warning colour otherwise. */
export function PaymentStatusBadge({ value }: { value: number | undefined }) {
  const { t } = useTranslation();
  const name = paymentStatusName(value);
  return (
    <Badge color={name === 'active' ? 'green' : 'orange'} size="lg" tt="none">
      {t('phonebots.payment.badge', { status: t(`phonebots.payment.${name}`) })}
    </Badge>
  );
}
