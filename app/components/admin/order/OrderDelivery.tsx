import { Card, type AdminOrder } from "./OrderCard";

/** Where the order goes (the delivery details given at checkout) and whose account placed it. */
export function OrderDelivery({ order, className }: { order: AdminOrder; className?: string }) {
  const d = order.delivery;
  return (
    <Card title="Customer and delivery" id="delivery-heading" className={className}>
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Deliver to</h3>
          <address className="mt-1 text-sm not-italic leading-6 text-slate-800" data-testid="delivery-details">
            {d.firstName} {d.lastName}
            <br />
            {d.address}
            <br />
            {d.city}, {d.state}
            <br />
            <a href={`tel:${d.phone.replace(/\s/g, "")}`} className="text-brand-700 hover:underline">
              {d.phone}
            </a>
            <br />
            <a href={`mailto:${d.email}`} className="text-brand-700 [overflow-wrap:anywhere] hover:underline">
              {d.email}
            </a>
          </address>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Customer account</h3>
          <p className="mt-1 text-sm leading-6 text-slate-800">
            {order.customer.fullName}
            <br />
            <a href={`mailto:${order.customer.email}`} className="text-brand-700 [overflow-wrap:anywhere] hover:underline">
              {order.customer.email}
            </a>
            <br />
            <a href={`tel:${order.customer.phoneNumber.replace(/\s/g, "")}`} className="text-brand-700 hover:underline">
              {order.customer.phoneNumber}
            </a>
          </p>
        </div>
      </div>
    </Card>
  );
}
