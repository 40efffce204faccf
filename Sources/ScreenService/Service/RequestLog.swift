import Logging

/// A request's logger and id: lines written through it carry `request_id`.
///
/// The id goes into each line's metadata as the line is written, not into a copy of
/// the logger up front: copying a logger's metadata costs an allocation on every
/// request, while most requests write no line at the configured level.
struct RequestLog {
    let logger: Logger
    let requestID: String?

    func info(_ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata) {
        logger.info(message(), metadata: withID(metadata()))
    }

    func error(_ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata) {
        logger.error(message(), metadata: withID(metadata()))
    }

    private func withID(_ metadata: Logger.Metadata) -> Logger.Metadata {
        guard let requestID else { return metadata }
        var metadata = metadata
        metadata["request_id"] = .string(requestID)
        return metadata
    }
}
