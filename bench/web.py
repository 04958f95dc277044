"""Section 5: the feed in headless Chromium under a mobile lab profile (LCP, CLS, long tasks, JS and CSS bytes).

The web app does not exist yet (Web/ has no index.html), so this section records that it is skipped. When it
lands, this is where the method of shared/reference/performance-anchors.md §5 goes: chromium --headless=new with
the DevTools protocol, 4× CPU throttle, 150 ms RTT, 1.6 Mbps, 412×823 at DPR 1.75, PerformanceObserver for LCP,
layout-shift and longtask, Network.loadingFinished for JS/CSS bytes.
"""
from common import REPO, save

index = REPO / "Web" / "index.html"
if not index.exists():
    save("web", {"skipped": True, "reason": "the web app does not exist yet (no Web/index.html)"})
    print("web: skipped — no Web/index.html yet")
else:
    save("web", {"skipped": True, "reason": "Web/index.html exists but the Chromium lab run is not written yet: "
                 "implement it in bench/web.py (method in performance-anchors.md §5)"})
    print("web: skipped — Web/index.html exists; bench/web.py needs its Chromium run")
