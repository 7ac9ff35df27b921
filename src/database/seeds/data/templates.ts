// The templates are part of the program and live with messaging; the seeds (and tests) read them here.
export * from '../../../modules/messaging/templates/whatsapp-templates';
