/**
 * The page's Content-Security-Policy nonce: the server templates a fresh one into
 * index.html as `<meta name="csp-nonce">` and allows only `<style>` tags that carry it.
 * - antd's ConfigProvider gets it through the `antd` runtime export of src/app.tsx.
 * - antd's static methods (message, notification, Modal.confirm) render outside that provider:
 *   `ConfigProvider.config({ holderRender })` gives them the nonce too.
 * - rc-util inserts `<style>` tags (Modal scroll lock, scrollbar measuring) with no way to pass a
 *   nonce (react-component/util#613): style elements appended by the page's own code get it here.
 *   Injected markup stays blocked (tests/e2e/20-security.spec.ts).
 */
import { ConfigProvider } from 'antd';
import React from 'react';

export const cspNonce: string | undefined = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;

/** Installs the two nonce hand-offs above; a no-op without a nonce (`umi dev`, tests). */
export function installCspNonce(): void {
  const nonce = cspNonce;
  if (!nonce) return;
  ConfigProvider.config({ holderRender: (children) => <ConfigProvider csp={{ nonce }}>{children}</ConfigProvider> });
  const withNonce = <T extends Node>(node: T): T => {
    if (node instanceof HTMLStyleElement && !node.nonce) node.setAttribute('nonce', nonce);
    return node;
  };
  const { appendChild, insertBefore } = Node.prototype;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    return appendChild.call(this, withNonce(node)) as T;
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    return insertBefore.call(this, withNonce(node), child) as T;
  };
}
