// jsdom for component tests, with what Node has and jsdom lacks (RJSF, AG Grid and the client use them).
const { TestEnvironment } = require('jest-environment-jsdom');
const { TextDecoder, TextEncoder } = require('node:util');

class PortalJsdomEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    g.structuredClone = structuredClone;
    g.TextEncoder = TextEncoder;
    g.TextDecoder = TextDecoder;
    g.fetch = fetch;
    g.Request = Request;
    g.Response = Response;
    g.Headers = Headers;
    // jsdom lays nothing out: AG Grid measures its viewport and theme sizes, so give elements a size.
    const size = (value) => ({ configurable: true, get: () => value });
    Object.defineProperty(g.HTMLElement.prototype, 'offsetWidth', size(1000));
    Object.defineProperty(g.HTMLElement.prototype, 'offsetHeight', size(40));
    Object.defineProperty(g.HTMLElement.prototype, 'clientWidth', size(1000));
    Object.defineProperty(g.HTMLElement.prototype, 'clientHeight', size(40));
    if (!g.ResizeObserver)
      g.ResizeObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
      };
  }
}

module.exports = PortalJsdomEnvironment;
