export { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./endpoints";
export { attemptDelivery } from "./deliver";
export { claimDueDeliveries, DELIVER_QUEUE, dispatchDueDeliveries, type DeliveryQueue } from "./dispatch";
export { emitDocumentEvent } from "./emit";
export { listDeliveries, redeliver, sendTestEvent } from "./manual";
