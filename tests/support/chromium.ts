/**
 * Debian's Chromium, as the e2e tier, the bench and the resilience run start it (no browser download on this machine).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** No sandbox (root in CI), no GPU, and nothing reaching out to the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/**
 * Chromium keeps the last --disable-features it is given: Playwright's own list (playwright-core 1.65,
 * chromiumSwitches.ts) is said again, with the two omnibox pop-ups that headless Chromium 156 preloads in every window
 * (every browser context) as WebUI renderers. Never shown, they cost a context's start and then about 5 % of a core
 * each while a page stays open (measured: 0.65 s of CPU per idle 10 s with them, 0.08 s without).
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
]

/** What Playwright launches Chromium with, here. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [...CHROMIUM_ARGS, `--disable-features=${DISABLED_FEATURES.join(',')}`]
