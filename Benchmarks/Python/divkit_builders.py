#!/usr/bin/env python3
"""DivKit's Python builders writing the DivKit benchmark's card: pydivkit (DivKit's own,
generated from its schema) and divkit-rs (a Rust core with the same API).

Usage: divkit_builders.py ROWS ITERATIONS [DUMP_FILE]
Prints one line per builder: "NAME MILLISECONDS BYTES", the median of ITERATIONS runs,
each building the card from scratch and serialising it with json.dumps; with DUMP_FILE,
pydivkit's document is written there too, for the benchmark's check that both sides
write the same card.
The card is the one DivKitRenderer writes without templates for the benchmark's screen:
a title, then ROWS horizontal containers of a text, a button-like text with an in-app
action, and an image.
"""
import json
import statistics
import sys
import time


def build(dk, rows):
    paddings = dk.DivEdgeInsets(left=16, top=12, right=16, bottom=12)
    items = []
    for index in range(rows):
        items.append(dk.DivContainer(
            orientation="horizontal",
            items=[
                dk.DivText(text=f'Row {index} "quoted"', text_alignment_horizontal="center"),
                dk.DivText(
                    text=f"Open {index}",
                    actions=[dk.DivAction(log_id="pushView", url=f"myapp://products/p{index}", payload={"navigation": "pushView"})],
                    paddings=paddings,
                    accessibility=dk.DivAccessibility(type="button"),
                ),
                dk.DivImage(image_url=f"https://images.example.com/{index}.png", scale="fill"),
            ],
        ))
    screen = dk.DivContainer(orientation="vertical", items=[
        dk.DivText(text="Benchmark", font_size=20, font_weight="bold", paddings=paddings),
        dk.DivContainer(orientation="vertical", items=items),
    ])
    card = dk.DivData(log_id="screen", states=[dk.DivDataState(state_id=0, div=screen)])
    return json.dumps({"templates": {}, "card": card.dict()}, ensure_ascii=False, separators=(",", ":"))


def main():
    rows, iterations = int(sys.argv[1]), int(sys.argv[2])
    import pydivkit
    import divkit_rs
    if len(sys.argv) > 3:
        with open(sys.argv[3], "w", encoding="utf-8") as dump:
            dump.write(build(pydivkit, rows))
    for name, module in (("pydivkit", pydivkit), ("divkit-rs", divkit_rs)):
        times, size = [], 0
        for _ in range(iterations):
            start = time.perf_counter()
            size = len(build(module, rows).encode())
            times.append((time.perf_counter() - start) * 1000)
        print(f"{name} {statistics.median(times):.3f} {size}")


if __name__ == "__main__":
    main()
