"""The HTML report in a real browser: headless Chromium driven by selenium and chromedriver (Debian packages
``chromium`` and ``chromium-driver``, installed by ``make test`` as root; the tests skip with the reason where
no browser can be started).

The page must load without console errors, every layer switch must hide and show its layer, a click on a
dimension must show that dimension's values, the characteristics tab must hold the CSV's rows, and a
screenshot must match the stored one (``tests/golden/report-demo.png``) within a tolerance. Regenerate the
stored screenshot with ``PDFTRACT_UPDATE_GOLDEN=1`` after a deliberate change of the report's look, and look
at it before committing.
"""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pdftract
from pdftract.inspection import characteristics
from pdftract.inspection.report import write_report

from .conftest import GOLDEN

WINDOW = (1400, 1000)
GOLDEN_SHOT = GOLDEN / "report-demo.png"
#: the screenshot may differ from the stored one by this much: mean absolute grey difference (0-255) of the
#: quarter-size images, and the share of quarter-size pixels differing by more than 48 grey levels
MEAN_DIFF = 6.0
CHANGED_SHARE = 0.03


def _browser() -> tuple[str, str]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    if chromium is None or driver is None:
        pytest.skip("no Chromium and chromedriver on this machine (Debian: apt-get install chromium chromium-driver)")
    return chromium, driver


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium, driver_path = _browser()
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                f"--window-size={WINDOW[0]},{WINDOW[1]}", "--force-device-scale-factor=1", "--font-render-hinting=none"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        drv = webdriver.Chrome(options=opts, service=Service(driver_path))
    except Exception as exc:  # a browser that is installed but cannot start here (no shared memory, ...)
        pytest.skip(f"Chromium could not be started: {type(exc).__name__}: {str(exc).splitlines()[0]}")
    try:
        yield drv
    finally:
        drv.quit()


@pytest.fixture(scope="module")
def demo_report(tmp_path_factory: pytest.TempPathFactory, demo_pdf: Path) -> tuple[Path, Any]:
    doc = pdftract.analyze(demo_pdf)
    out = tmp_path_factory.mktemp("report") / "demo.html"
    write_report(doc, demo_pdf, out)
    return out, doc


def test_report_loads_toggles_and_shows_values(browser: Any, demo_report: tuple[Path, Any]) -> None:
    from selenium.webdriver.common.by import By

    path, doc = demo_report
    browser.get(path.as_uri())
    errors = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
    assert errors == []
    toggles = browser.find_elements(By.CSS_SELECTOR, "input.layer-toggle")
    layers = {t.get_attribute("data-layer") for t in toggles}
    assert {"title_block", "tables", "dimensions", "notes", "characteristics"} <= layers
    for t in toggles:
        layer = t.get_attribute("data-layer")
        groups = browser.find_elements(By.CSS_SELECTOR, f'#page-1 g.layer[data-layer="{layer}"]')
        assert groups, layer
        assert all(g.value_of_css_property("display") != "none" for g in groups)
        t.click()
        assert all(g.value_of_css_property("display") == "none" for g in groups), layer
        t.click()
        assert all(g.value_of_css_property("display") != "none" for g in groups), layer
    # click the dimension 240.00 ±0.10: the panel shows its nominal and deviations
    dims = doc.pages[0].results["dimensions"]
    k = next(i for i, d in enumerate(dims) if d.text.startswith("240.00"))
    item = browser.find_element(By.CSS_SELECTOR, f'g.item[data-id="p1-dimensions-{k}"]')
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", item)
    panel = browser.find_element(By.CSS_SELECTOR, "#page-1 .details").text
    assert "240.00 ±0.10" in panel and '"nominal": 240' in panel and '"upper": 0.1' in panel and '"lower": -0.1' in panel
    # a balloon shows its characteristic with limits
    chars = characteristics(doc)
    c = next(c for c in chars if c.requirement == "140")
    balloon = browser.find_element(By.CSS_SELECTOR, f'g.item[data-id="p1-characteristics-{c.char_no}"]')
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", balloon)
    panel = browser.find_element(By.CSS_SELECTOR, "#page-1 .details").text
    assert '"lower_limit": 139.5' in panel and '"upper_limit": 140.5' in panel and '"zone": "C7"' in panel
    # the characteristics tab holds one row per characteristic
    browser.find_element(By.CSS_SELECTOR, 'nav button[data-tab="tab-characteristics"]').click()
    rows = browser.find_elements(By.CSS_SELECTOR, "#tab-characteristics table tbody tr")
    assert len(rows) == len(chars)
    assert browser.find_element(By.ID, "tab-characteristics").is_displayed()
    assert not browser.find_element(By.ID, "tab-sheets").is_displayed()
    assert [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"] == []


def _grey_quarter(png: bytes) -> np.ndarray:
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("L")
    img = img.resize((img.width // 4, img.height // 4), Image.Resampling.BOX)
    return np.asarray(img, dtype=np.float64)


def test_report_screenshot_matches_the_stored_one(browser: Any, demo_report: tuple[Path, Any]) -> None:
    path, _ = demo_report
    browser.set_window_size(*WINDOW)
    browser.get(path.as_uri())
    shot = browser.get_screenshot_as_png()
    if os.environ.get("PDFTRACT_UPDATE_GOLDEN") == "1":
        GOLDEN_SHOT.write_bytes(shot)
    if not GOLDEN_SHOT.exists():
        pytest.fail(f"no stored screenshot at {GOLDEN_SHOT}; make one with PDFTRACT_UPDATE_GOLDEN=1 and look at it")
    got, want = _grey_quarter(shot), _grey_quarter(GOLDEN_SHOT.read_bytes())
    assert got.shape == want.shape
    diff = np.abs(got - want)
    assert diff.mean() <= MEAN_DIFF, diff.mean()
    assert (diff > 48).mean() <= CHANGED_SHARE, (diff > 48).mean()
    # and the page is not blank: the sheet's lines and the header are there
    assert want.std() > 20
