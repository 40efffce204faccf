import ScreenRegistry

/// The screen the rendering benchmarks write: a title over `rows` rows, each a text (with
/// quotes to escape), a button with an in-app navigation and an image, `4 × rows + 2`
/// nodes. The DivKit and HXML benchmarks lay the rows out horizontally (`rowStyle`); the
/// Beagle JSON benchmark, the oldest, writes them without a style.
public func rowsScreen(rows: Int, rowStyle: Style? = Style(flex: Flex(flexDirection: .row))) -> Screen {
    Screen(title: "Benchmark") {
        for index in 0..<rows {
            let row = Container {
                Text("Row \(index) \"quoted\"", alignment: .center)
                Button("Open \(index)", action: .navigate(to: "/products/p\(index)"))
                Image(url: "https://images.example.com/\(index).png", mode: .centerCrop)
            }
            if let rowStyle { row.style(rowStyle) } else { row }
        }
    }
}
