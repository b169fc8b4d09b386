// The node test environment in the time zone of Zagreb: dates the browser code formats (local
// time) then differ from UTC around midnight, as in the centre's browsers. Jest gives each test
// file a copy of process.env, so the zone is set here, on the worker's own, and put back after.
const { TestEnvironment } = require('jest-environment-node');

class ZagrebEnvironment extends TestEnvironment {
  async setup() {
    this.previousTimeZone = process.env.TZ;
    process.env.TZ = 'Europe/Zagreb';
    await super.setup();
  }

  async teardown() {
    if (this.previousTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = this.previousTimeZone;
    await super.teardown();
  }
}

module.exports = ZagrebEnvironment;
