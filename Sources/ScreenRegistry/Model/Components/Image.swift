/// Where an image comes from.
public enum ImageSource: Sendable, Hashable {
    /// Downloaded from `url`, showing the local image `placeholder` meanwhile.
    case remote(String, placeholder: String? = nil)
    /// Bundled in the app under `name` (Beagle's `mobileId`).
    case local(String)

    /// The source as Beagle's image path object.
    public var node: Node {
        switch self {
        case .remote(let url, let placeholder):
            var list = PropertyList()
            list.add("url", url)
            list.add("placeholder", placeholder.map { ImageSource.local($0).node })
            return Node(kind: .imagePath, type: "remote", properties: list.properties)
        case .local(let name):
            return Node(kind: .imagePath, type: "local", properties: [.init("mobileId", .string(name))])
        }
    }
}

/// A picture, remote or bundled.
public struct Image: Widget {
    /// How the picture fills its frame.
    public enum Mode: String, Sendable, Hashable {
        case fitXY = "FIT_XY", fitCenter = "FIT_CENTER", centerCrop = "CENTER_CROP", center = "CENTER"
    }

    public var source: ImageSource
    public var mode: Mode?
    public var id: String?
    public var style: Style?
    public var accessibility: Accessibility?

    /// Creates an image from a source.
    public init(_ source: ImageSource, mode: Mode? = nil) {
        self.source = source
        self.mode = mode
    }

    /// Creates an image downloaded from `url`.
    public init(url: String, placeholder: String? = nil, mode: Mode? = nil) {
        self.init(.remote(url, placeholder: placeholder), mode: mode)
    }

    /// Creates an image bundled in the app under `name`.
    public init(named name: String, mode: Mode? = nil) {
        self.init(.local(name), mode: mode)
    }

    public var node: Node {
        widgetNode("beagle:image") { list in
            list.add("path", source.node)
            list.add("mode", mode?.rawValue)
        }
    }
}
