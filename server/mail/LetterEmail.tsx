import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties } from "react";
import { SHOP_EMAIL, SHOP_NAME, SHOP_PHONE_DISPLAY } from "~/common/constants";

// The shop's branded mail frame as React Email components: every mail is one Letter (its words,
// written in templates.ts) shown in this frame. React escapes every text and attribute, so a
// customer's name or message is never markup. Styles are inline: mail clients ignore <style>.
// Server only: the browser bundle never imports server/.

/** Rows of an itemised list (an order's lines), with a bold last row for the total. */
export interface ItemTable {
  rows: { label: string; detail: string; amount: string }[];
  total: { label: string; amount: string };
  /** Lines under the table, e.g. the delivery address. */
  after: string[];
}

export interface Letter {
  subject: string;
  greetingName: string;
  paragraphs: string[];
  table?: ItemTable;
  action?: { label: string; url: string };
  /** Links listed after the action, one a line (the review request's products). */
  links?: { label: string; url: string }[];
  closing?: string;
}

/** The name a letter greets: "there" when it has none. Its plain-text twin says the same. */
export const greeting = (greetingName: string) => greetingName.trim() || "there";

/** The frame's footer line, in both the HTML and the text. */
export const footerLine = `${SHOP_NAME}, Lagos · ${SHOP_EMAIL} · ${SHOP_PHONE_DISPLAY}`;

const paragraph: CSSProperties = { margin: "0 0 16px", fontSize: "15px", lineHeight: "1.6" };
const note: CSSProperties = { ...paragraph, fontSize: "13px", color: "#475569" };
const cell: CSSProperties = { padding: "8px 0", borderBottom: "1px solid #e2e8f0", verticalAlign: "top" };
const totalCell: CSSProperties = { padding: "10px 0", fontWeight: "bold" };

function Items({ rows, total, after }: ItemTable) {
  return (
    <>
      <Section style={{ margin: "0 0 16px", fontSize: "14px" }}>
        {rows.map((r, i) => (
          <Row key={i}>
            <Column style={cell}>
              {r.label}
              <br />
              <span style={{ color: "#64748b" }}>{r.detail}</span>
            </Column>
            <Column align="right" style={{ ...cell, whiteSpace: "nowrap" }}>
              {r.amount}
            </Column>
          </Row>
        ))}
        <Row>
          <Column style={totalCell}>{total.label}</Column>
          <Column align="right" style={{ ...totalCell, whiteSpace: "nowrap" }}>
            {total.amount}
          </Column>
        </Row>
      </Section>
      {after.map((line, i) => (
        <Text key={i} style={{ ...paragraph, margin: "0 0 4px" }}>
          {line}
        </Text>
      ))}
    </>
  );
}

function Action({ label, url }: { label: string; url: string }) {
  return (
    <>
      <Text style={{ ...paragraph, margin: "24px 0" }}>
        <Button
          href={url}
          style={{
            display: "inline-block",
            background: "#f59e0b",
            color: "#0f172a",
            textDecoration: "none",
            fontWeight: "bold",
            // Its label's line is 120% high (Button's own style): 15px of padding keeps the 48px
            // button of the hand-written frame (12px around a 1.6 line).
            padding: "15px 22px",
            borderRadius: "8px",
          }}
        >
          {label}
        </Button>
      </Text>
      <Text style={note}>
        If the button does not work, copy this link into your browser:
        <br />
        <Link href={url} style={{ color: "#1d4ed8", textDecorationLine: "underline", wordBreak: "break-all" }}>
          {url}
        </Link>
      </Text>
    </>
  );
}

function Links({ links }: { links: { label: string; url: string }[] }) {
  return (
    <>
      {links.map((l, i) => (
        <Text key={i} style={{ ...paragraph, margin: "0 0 8px" }}>
          <Link href={l.url} style={{ color: "#1d4ed8", textDecorationLine: "underline" }}>
            {l.label}
          </Link>
        </Text>
      ))}
    </>
  );
}

export function LetterEmail({ subject, greetingName, paragraphs, table, action, links, closing }: Letter) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Body style={{ margin: 0, padding: "24px 12px", background: "#f1f5f9", fontFamily: "Arial,Helvetica,sans-serif", color: "#1e293b" }}>
        <Container style={{ maxWidth: "560px", background: "#ffffff", borderRadius: "12px", overflow: "hidden" }}>
          <Row>
            <Column style={{ background: "#1e3a8a", padding: "18px 24px", color: "#ffffff", fontSize: "20px", fontWeight: "bold" }}>
              {SHOP_NAME}
            </Column>
          </Row>
          <Row>
            <Column style={{ padding: "24px", fontSize: "15px", lineHeight: "1.6" }}>
              <Text style={paragraph}>{`Hello ${greeting(greetingName)},`}</Text>
              {paragraphs.map((p, i) => (
                <Text key={i} style={paragraph}>
                  {p}
                </Text>
              ))}
              {table && <Items {...table} />}
              {action && <Action {...action} />}
              {links && links.length > 0 && <Links links={links} />}
              {closing && <Text style={note}>{closing}</Text>}
            </Column>
          </Row>
          <Row>
            <Column style={{ padding: "16px 24px", background: "#f8fafc", fontSize: "12px", color: "#64748b" }}>{footerLine}</Column>
          </Row>
        </Container>
      </Body>
    </Html>
  );
}
