/**
 * User-facing texts of the product, keyed. The English texts of SPEC §5 and §8 are verbatim; the web app's
 * English locale is built from this object and the German locale translates every key. Schemas use the keys as
 * their error messages, and the API answers the English text with the key as the error `code`.
 */
export const messages = {
  // SPEC §5 validation
  emailInvalid: 'Email has to be a valid email address',
  emailRequired: 'Email is a required input',
  passwordRequired: 'Password is a required input',
  nameRequired: 'Name is a required input',
  passwordMin: 'Password must have at least 8 characters',
  confirmPasswordRequired: 'Confirm password is a required input',
  passwordsMismatch: 'Your passwords do not match.',
  firstNameRequired: 'First name is a required input',
  lastNameRequired: 'Last Name is a required input',
  roleRequired: 'Role is a required input',
  ownNameRequired: 'name is a required input',
  pinRequired: 'Pin is a required input',
  phoneRequired: 'Phone number is a required input',
  currentPasswordRequired: 'Current Password is a required input',
  usernameRequired: 'Username is a required input',
  guestPasswordRequired: 'password is a required input',
  categoryTermsMax: 'Maximum 5 category terms allowed.',
  noteEmpty: 'Note text cannot be empty.',
  smsEmpty: 'Please enter a message!',
  statusRequired: 'You must select a status',
  noDataToExport: 'No data to export',

  // SPEC §8 toasts
  invalidCredentials: 'Invalid credentials!',
  emailExists: 'Email Already Exists!',
  registered: 'Successfully registered!Please Verify your email address to login',
  emailSent: 'Email sent!',
  somethingWrong: 'Oops, something went wrong!',
  passwordChanged: 'Password Changed!',
  passwordUpdated: 'Password updated successfully!',
  successfullyUpdated: 'Successfully Updated',
  userCreated: 'User Created Successfully',
  userUpdated: 'User Updated Successfully',
  phonebotCreated: 'Phonebot Created Successfully',
  phonebotCreateError: 'Error in creating Phonebot!',
  phonebotUpdated: 'Phonebot Updated Successfully',
  phonebotUpdateError: 'Error In Updating Phonebot!',
  profileUpdateError: 'Error in updating profile',
  companyPasswordUpdated: 'Password Updated Successfully',
  currentPasswordIssue: 'Issue In Current Password!',
  deleteConfirmTitle: 'Are you sure?',
  deleteConfirmText: "You won't be able to revert this!",
  deleteConfirmButton: 'Yes, delete it!',
  deleted: 'Deleted!',
  userDeleted: 'User has been deleted.',
  phonebotDeleted: 'Phonebot has been deleted.',
  callDeleted: 'Call has been deleted.',
  customerDeleted: 'Customer has been deleted.',
  errorTitle: 'Error!',
  userDeleteError: 'There was an error deleting the user. Please try again.',
  phonebotDeleteError: 'There was an error deleting the phonebot. Please try again.',
  callDeleteError: 'There was an error deleting the call. Please try again.',
  customerDeleteError: 'There was an error deleting the customer. Please try again.',
  statusUpdated: 'Status Updated',
  priorityUpdated: 'priority Updated',
  categoryUpdated: 'Category Updated',
  cancelled: 'Cancelled',
  statusUpdateError: 'There was an error updating the status. Please try again.',
  priorityUpdateError: 'There was an error updating the priority. Please try again.',
  categoryUpdateError: 'There was an error updating the category. Please try again.',
  bulkUpdated: 'Updated!',
  markedCompleted: 'The call has been marked as completed.',
  markCompletedError: 'Failed to mark the call as completed. Please try again.',
  noteAdded: 'Note added successfully.',
  noteError: 'There was an error saving the note. Please try again.',
  smsSent: 'Message sending successfully.',
  generatedPassword: 'Generated Password: {{value}}',
  generatePasswordError: 'Failed to generate password',
  updatePasswordError: 'Failed to update password',
  customerEnabled: 'The customer has been enabled.',
  customerEnableError: 'There was an error enabling the user. Please try again.',
  noUsersFound: 'No users found.',
  noPhonebotsFound: 'No Phonebots found.',
  noCallsFound: 'No calls found.',
  defaultSmsText: 'Hello, this is a prefilled SMS message. You can edit it before sending.',

  // Texts the spec does not show, needed by the server's rules (DESIGN.md "Accounts")
  emailNotVerified: 'Please verify your email address before you log in.',
  accountInactive: 'Your account is not active yet. An administrator has to enable it.',
  emailVerified: 'Your email address is verified. You can log in once your account is enabled.',
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  unauthenticated: 'Please log in.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  invalidInput: 'Some fields are not valid.',
  invalidJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Send application/vnd.api+json or application/json.',
  payloadTooLarge: 'The request is too large.',
  serverError: 'Something went wrong on our side. Please try again.',
  invalidType: 'This value has the wrong type.',
  valueTooLong: 'This value is too long.',
  passwordTooLong: 'Password must have at most 200 characters',
  serviceUnavailable: 'The service is not available right now. Please try again.',
} as const;

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(messages, value);
}

/** The English text of a key, with `{{name}}` placeholders filled. */
export function messageText(key: MessageKey, values: Record<string, string | number> = {}): string {
  return messages[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
