import type { OrderCancelCode, OrderStatus } from '../../model/order';
import type { MandatoryFlowCase } from '../../rules/payments';
import type { SyntheticRecords } from '../scale';

export interface SandboxPhone {
  area_code: string;
  number: string;
  extension: string;
}

/** A party of an order with every contact field (the routes hide them until the counterpart data is added). */
export interface SandboxParty {
  id: number;
  nickname: string;
  email: string;
  phone: SandboxPhone;
  alternative_phone: SandboxPhone;
  first_name: string;
  last_name: string;
}

export interface SandboxBuyer extends SandboxParty {
  billing_info: { doc_type: string; doc_number: string };
}

/** A payment exactly as the API shows it (inside an order, `/payments` and `/collections/{id}`). */
export interface SandboxPayment {
  id: number;
  order_id: number;
  payer_id: number;
  collector: { id: number };
  /** approved, rejected, pending, refunded or cancelled. */
  status: string;
  /** accredited, cc_rejected_insufficient_amount, pending_waiting_payment, refunded, expired… */
  status_detail: string;
  status_code: string | null;
  operation_type: 'regular_payment';
  payment_method_id: string;
  payment_type: string;
  transaction_amount: number;
  total_paid_amount: number;
  shipping_cost: number;
  overpaid_amount: number;
  coupon_amount: number;
  coupon_id: string | null;
  currency_id: string;
  installments: number;
  issuer_id: string | null;
  card_id: number | null;
  activation_uri: string | null;
  atm_transfer_reference: { company_id: string | null; transaction_id: string | null };
  available_actions: string[];
  date_created: string;
  date_last_modified: string;
  date_approved: string | null;
  reason: string;
  site_id: string;
  transaction_amount_refunded: number;
  /** Whether the reservation money reached the seller (null while not approved). */
  money_release_status: 'pending' | 'released' | null;
  money_release_date: string | null;
}

/** A rating of the sale (by the seller) or of the purchase (by the buyer). */
export interface SandboxFeedback {
  id: number;
  role: 'seller' | 'buyer';
  from: { id: number };
  to: { id: number };
  order_id: number;
  fulfilled: boolean;
  rating: string;
  message: string | null;
  reason: string | null;
  restock_item: boolean | null;
  date_created: string;
  /** The order's expiration date: after it the feedback becomes visible. */
  visibility_date: string;
}

export interface SandboxOrderLine {
  item: {
    id: string;
    title: string;
    category_id: string;
    variation_id: number | null;
    variation_attributes: { id: string; name: string; value_id: string | null; value_name: string | null }[];
  };
  quantity: number;
  /** The reservation price (deposit). */
  unit_price: number;
  /** The full price of the item. */
  full_unit_price: number;
  currency_id: string;
}

/** The order's API fields, with both parties' complete data. */
export interface SandboxOrderData {
  id: number;
  status: OrderStatus;
  status_detail: { code: OrderCancelCode; description: string } | null;
  date_created: string;
  date_closed: string | null;
  expiration_date: string;
  last_updated: string;
  order_items: SandboxOrderLine[];
  total_amount: number;
  paid_amount: number;
  total_amount_with_shipping: number;
  currency_id: string;
  buyer: SandboxBuyer;
  seller: SandboxParty;
  payments: SandboxPayment[];
  feedback: { sale: SandboxFeedback | null; purchase: SandboxFeedback | null };
  shipping: { id: null; status: 'to_be_agreed' };
  tags: string[];
  coupon: { amount: number; id: string | null };
  mediations: unknown[];
  site_id: string;
}

/** A reservation order and the sandbox's bookkeeping about it. */
export interface SandboxOrder {
  data: SandboxOrderData;
  /** Entered the mandatory integrated payment flow, and by which of the spec's cases. */
  mandatory_flow: { applies: boolean; cases: MandatoryFlowCase[] };
  /** The seller sees the order: false while in payment_required, and for ever if it was cancelled from there. */
  visible_to_seller: boolean;
  /** Each party sees the other's contact data (the mandatory flow adds it when the order is paid). */
  counterpart_visible: boolean;
  /** `orders`/`orders_v2` notifications are sent on each change (from payment on, in the mandatory flow). */
  notify_orders: boolean;
  /** The item's stock was discounted (at date_closed) and not yet given back. */
  stock_discounted: boolean;
  /** The reservation money was released to the seller. */
  money_released: boolean;
}

export interface SandboxNote {
  id: string;
  note: string;
  date_created: string;
  date_last_updated: string;
}

export interface BlacklistRecord {
  user_id: number;
  date_created: string;
}

export interface SandboxSite {
  id: string;
  name: string;
  country_id: string;
  default_currency_id: string;
  immediate_payment: 'required' | 'optional';
  payment_method_ids: string[];
  currencies: { id: string; symbol: string }[];
}

export interface SandboxPaymentMethod {
  id: string;
  name: string;
  payment_type_id: string;
  status: 'active';
  thumbnail: string;
  secure_thumbnail: string;
  min_allowed_amount: number;
  max_allowed_amount: number;
  accreditation_time: number;
  site_ids: string[];
}

export interface OrdersSlice {
  /** Orders by id. */
  orders: Record<string, SandboxOrder>;
  /** Seller notes by order id. */
  notes: Record<string, SandboxNote[]>;
  /** Users barred from bidding, by the id of the blacklist's owner. */
  blacklists: Record<string, BlacklistRecord[]>;
  sites: Record<string, SandboxSite>;
  paymentMethods: Record<string, SandboxPaymentMethod>;
  /** Categories where the integrated platform is the only payment option (case 4 of the mandatory flow). */
  platformOnlyCategories: string[];
  /** Sellers prohibited on their site: their orders were cancelled and new reservations are refused. */
  prohibitedSellers: number[];
  /** With `--scale N`: 10·N generated orders of the seller, built on demand and stored only once changed. */
  synthetic?: SyntheticRecords;
}
