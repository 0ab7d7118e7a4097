//! The order service's side of the shop's contract: decodes a few order events with the Rust
//! types `cardc generate` wrote into `src/contracts/` from the three schema files under
//! `schema/`, renders each through the union's bridge, and writes one back.

mod contracts;

use contracts::events::{OrderEvent, OrderEventBridge, Paid, Placed};
use contracts::money::{Amount, Currency, Line};

/// One line per event: the bridge's methods are required, so a new kind of event in
/// `schema/events.cards` stops this compiling until it is rendered here.
struct Summary;

impl OrderEventBridge for Summary {
    type Output = String;

    fn placed(&mut self, value: &Placed) -> String {
        format!(
            "order {} placed by {} with {} line(s)",
            value.order.0,
            value.customer.0,
            value.lines.len()
        )
    }

    fn line_added(&mut self, value: &Line) -> String {
        format!(
            "order {}: {} x {} at {}",
            value.order.0,
            value.quantity,
            value.sku,
            amount(&value.price)
        )
    }

    fn paid(&mut self, value: &Paid) -> String {
        format!("order {} paid {}", value.order.0, amount(&value.total))
    }

    fn cancelled(&mut self) -> String {
        "an order was cancelled".to_string()
    }
}

/// An amount as people read it.
fn amount(amount: &Amount) -> String {
    let currency = match amount.currency {
        Currency::Eur => "EUR",
        Currency::Usd => "USD",
    };
    format!(
        "{}.{:02} {currency}",
        amount.minor_units / 100,
        amount.minor_units % 100
    )
}

fn main() {
    let payloads = [
        r#"{"event": "placed", "order": "ord_1042", "customer": "cus_7", "lines": []}"#,
        r#"{"event": "line_added", "order": "ord_1042", "sku": "mug", "quantity": 2, "price": {"minorUnits": 1250, "currency": "EUR"}}"#,
        r#"{"event": "paid", "order": "ord_1042", "total": {"minorUnits": 2500, "currency": "EUR"}}"#,
        r#"{"event": "cancelled"}"#,
    ];
    for payload in payloads {
        let event: OrderEvent = serde_json::from_str(payload).expect("a valid order event");
        println!("{}", event.dispatch(&mut Summary));
    }
    // The contract's rules hold on decoding: a quantity below 1 is refused, as the TypeScript
    // guards, the pydantic models and the JSON Schema refuse it.
    let refused = serde_json::from_str::<OrderEvent>(
        r#"{"event": "line_added", "order": "ord_1042", "sku": "mug", "quantity": 0, "price": {"minorUnits": 1250, "currency": "EUR"}}"#,
    );
    println!(
        "quantity 0: {}",
        refused.map_or_else(|error| format!("refused ({error})"), |_| "accepted".into())
    );
    let written = serde_json::to_string(&OrderEvent::Paid(Paid {
        order: contracts::ids::OrderId("ord_7".to_string()),
        total: Amount {
            minor_units: 990,
            currency: Currency::Usd,
        },
    }))
    .expect("an event encodes");
    println!("{written}");
}
