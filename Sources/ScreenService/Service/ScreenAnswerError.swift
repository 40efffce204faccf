import ScreenRegistry
import ScreenRendering

/// Why a ``ScreenAnswer`` could not be written.
public enum ScreenAnswerError: Error, Sendable {
    /// A screen of the answer failed to build, or a back stack's parent did not resolve.
    case building(ScreenRegistryError)
    /// A fragment was asked for in a format other than HXML: fragments are Hyperview's.
    case fragmentNeedsHXML
    /// The screen has no component with this id.
    case fragmentNotFound(id: String)
    /// The client can neither render a component of the answer nor show a fallback for it.
    case unsupported(UnsupportedComponent)
    /// The renderer failed: a fault of the server, never of the request.
    case rendering(any Error)
}
