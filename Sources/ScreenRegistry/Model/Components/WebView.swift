/// A web page shown inside the screen.
public struct WebView: Widget {
    public var url: String
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates a web view for `url` (an address or an expression).
    public init(url: String) {
        self.url = url
    }

    public var node: Node {
        widgetNode("beagle:webView") { list in
            list.add("url", url)
        }
    }
}
