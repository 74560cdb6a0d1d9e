// Settings: the deployment's own values (the operator's identity, deployment-wide switches) and the mail context
// that names the operator.
export { getOperator, mailContext, readSetting, writeSetting } from './settings.service';
