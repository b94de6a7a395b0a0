import { z } from "zod";
import { isEmailShape, isPhoneShape, normalizeEmail, PHONE_MAX_LENGTH } from "./accounts";
import { messages } from "./messages";
import { requiredText } from "./fields";
import { isStateCity, STATE_NAMES } from "./nigeria";

// The delivery form of /deliverydetailpage (requirements §3.2 DeliveryDetail, §5.3). The browser checks it
// for instant warnings; the server checks it again before it is kept or put on an order.

export interface DeliveryDetails {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  state: string;
  city: string;
}

export const DELIVERY_FIELDS = ["firstName", "lastName", "phone", "confirmPhone", "email", "address", "state", "city"] as const;
export type DeliveryField = (typeof DELIVERY_FIELDS)[number];

export const DELIVERY_LABELS: Record<DeliveryField, string> = {
  firstName: "First name",
  lastName: "Last name",
  phone: "Phone number",
  confirmPhone: "Confirm phone number",
  email: "Email",
  address: "Delivery address",
  state: "State",
  city: "City",
};

const required = (field: DeliveryField, max: number) =>
  requiredText(messages.fieldRequired(DELIVERY_LABELS[field]), max, messages.fieldTooLong(DELIVERY_LABELS[field], max));

export const deliveryInput = z
  .object({
    firstName: required("firstName", 60),
    lastName: required("lastName", 60),
    phone: required("phone", PHONE_MAX_LENGTH).refine(isPhoneShape, messages.phoneInvalid),
    confirmPhone: required("confirmPhone", PHONE_MAX_LENGTH),
    email: required("email", 254).transform(normalizeEmail).refine(isEmailShape, messages.deliveryEmailInvalid),
    address: required("address", 300),
    state: required("state", 40).refine((s) => STATE_NAMES.includes(s), messages.stateUnknown),
    city: required("city", 60),
  })
  .refine((d) => d.phone === d.confirmPhone.trim(), { message: messages.phoneMismatch, path: ["confirmPhone"] })
  .refine((d) => isStateCity(d.state, d.city), { message: messages.cityNotInState, path: ["city"] })
  .transform(({ confirmPhone: _, ...details }): DeliveryDetails => details);
