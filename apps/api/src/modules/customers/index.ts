// Customers: the companies (the customers table), the super's Customers screen and a company's own users list
// there. Other modules read and change a company's row only through these functions.
export { customerNameOf } from './customer-name';
export { customerByOwner, storeBusinessHours } from './customers.service';
export {
  companyProfileRow,
  customerCallbackSla,
  customerCompanyName,
  customerDefaultCountry,
  customerRetentions,
  customerSmsAllowedNumbers,
  customerUrgentMail,
  customersWithUrgentMail,
  insertCustomer,
  lockCustomer,
  updateCustomerRow,
} from './customers.store';
