import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel, closing its side of every connection that HTTP/1 says
/// closes after the response.
///
/// Hummingbird closes one only when a request says exactly `Connection: close`, so an
/// HTTP/1.0 request without `keep-alive` (health checks, `ab`, old proxies) or a
/// `Connection: Close` was held open until the idle timeout, and a client that reads to
/// the end of the connection waited for it. One handler before Hummingbird's reads each
/// request head as HTTP/1 does, version included (RFC 9112, 9.3: options are
/// case-insensitive, and HTTP/1.0 keeps a connection only on `keep-alive`), writes
/// `Connection: close` into it where the connection closes, and says so in the response.
/// Hummingbird then closes its side after the response and waits for the client's close
/// (or the idle timeout), the staged close RFC 9112, 9.6 asks for.
struct ClosingHTTP1Channel: ServerChildChannel {
    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).map { value in
            // Right after the request decoder: the version is gone once Hummingbird's
            // codec has turned the head into an HTTP type.
            do {
                let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try channel.pipeline.syncOperations.addHandler(HTTP1ConnectionHandler(), position: .after(decoder))
            } catch {
                // Served as Hummingbird serves it, rather than not at all.
                logger.error("HTTP/1 connection handler not added: \(error)")
            }
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Writes `Connection: close`, exactly, into each request head that does not keep its
/// connection alive, and the connection's fate into its response: `close`, or
/// `keep-alive` for an HTTP/1.0 client that asked for it (which reads the connection as
/// closing otherwise, and waits for the close).
private final class HTTP1ConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What each request read and not yet answered says of its connection, in order.
    private var unanswered: [String?] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        if head.isKeepAlive {
            unanswered.append(head.version == .http1_0 ? "keep-alive" : nil)
            context.fireChannelRead(data)
        } else {
            unanswered.append("close")
            head.headers.replaceOrAdd(name: "connection", value: "close")
            context.fireChannelRead(wrapInboundOut(.head(head)))
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // A final response's head (not an interim `100 Continue`) answers the oldest request.
        guard case .head(var head) = unwrapOutboundIn(data), head.status.code >= 200, !unanswered.isEmpty else {
            context.write(data, promise: promise)
            return
        }
        // A response that closes already (Hummingbird's own 400 for a malformed body) says so.
        guard let connection = unanswered.removeFirst(), head.isKeepAlive else {
            context.write(data, promise: promise)
            return
        }
        head.headers.replaceOrAdd(name: "connection", value: connection)
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }
}
