import ScreenRegistry

/// The screen the DivKit and HXML benchmarks render: a title over `rows` horizontal rows,
/// each a text (with quotes to escape), a button with an in-app navigation and an image:
/// `4 × rows + 2` nodes.
public func rowsScreen(rows: Int) -> Screen {
    Screen(title: "Benchmark") {
        for index in 0..<rows {
            Container {
                Text("Row \(index) \"quoted\"", alignment: .center)
                Button("Open \(index)", action: .navigate(to: "/products/p\(index)"))
                Image(url: "https://images.example.com/\(index).png", mode: .centerCrop)
            }.style(Style(flex: Flex(flexDirection: .row)))
        }
    }
}
