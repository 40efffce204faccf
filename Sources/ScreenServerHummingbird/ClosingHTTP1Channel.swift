import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel, closing every connection that HTTP/1 says closes after
/// its response.
///
/// Hummingbird closes one only when a request says exactly `Connection: close`, so an
/// HTTP/1.0 request without `keep-alive` (health checks, `ab`, old proxies) or a
/// `Connection: Close` was held open until the idle timeout, counted against the
/// connection limit. One handler before Hummingbird's reads each request head as HTTP/1
/// does, version included (RFC 9112, 9.3: options are case-insensitive, and HTTP/1.0
/// keeps a connection only on `keep-alive`), and writes `Connection: close` where it
/// closes.
struct ClosingHTTP1Channel: ServerChildChannel {
    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // Right after the request decoder: the version is gone once Hummingbird's
            // codec has turned the head into an HTTP type.
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(ConnectionCloseHandler(), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Says `Connection: close`, exactly, on each request head that does not keep its
/// connection alive.
private final class ConnectionCloseHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
