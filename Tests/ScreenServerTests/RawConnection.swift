import Foundation

/// A client on a socket of its own, below URLSession, which sends exactly the bytes it is
/// given: half a request head to hold a connection the way a slow or hostile client does,
/// or a request of any HTTP version.
final class RawConnection {
    /// Why a connection could not be opened.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let descriptor: Int32
    /// What the server has sent so far, as ``isClosedByServer`` reads it.
    private(set) var received: [UInt8] = []

    /// A connection that sends half a request head and then nothing.
    convenience init(port: Int) throws {
        try self.init(port: port, sending: "GET /screens/profile/42 HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    }

    init(port: Int, sending text: String) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawConnection.Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw RawConnection.Failure(description: "connect: errno \(errno)")
        }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Whether the server has closed the connection: a read that ends (or is reset)
    /// instead of waiting; what it reads before is kept in ``received``. Never blocks.
    var isClosedByServer: Bool {
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { return true }
            if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
            received += buffer[..<count]
        }
    }

    /// The response head received so far, with its final blank line; empty until all of it
    /// has arrived.
    var responseHead: String {
        _ = isClosedByServer
        let text = String(decoding: received, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return "" }
        return String(text[..<end.upperBound])
    }

    deinit { close(descriptor) }
}

/// Those of `connections` the server has not closed by `deadline`, which only bounds a
/// failure: the wait ends as soon as all are closed. The last look is taken at or after
/// the deadline, so that a close during the last sleep (a long one, on a machine as loaded
/// as CI's thread-sanitizer run) is seen.
func openConnections(_ connections: [RawConnection], until deadline: ContinuousClock.Instant) async throws -> [RawConnection] {
    var open = connections
    while true {
        open.removeAll { $0.isClosedByServer }
        if open.isEmpty || ContinuousClock.now >= deadline { return open }
        try await Task.sleep(for: .milliseconds(50))
    }
}
