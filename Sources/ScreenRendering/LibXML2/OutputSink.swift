internal import CLibXML2

/// Where libxml2's output chunks go as they are flushed.
class OutputSink {
    /// An `xmlTextWriter` writing into this sink chunk by chunk, or `nil` when libxml2
    /// cannot make one (out of memory). The caller keeps the sink alive until it frees
    /// the writer with `xmlFreeTextWriter`, which also closes the output.
    func makeTextWriter() -> OpaquePointer? {
        LibXML2.initialize()
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let output = xmlOutputBufferCreateIO(
            { context, buffer, length in
                guard let context, let buffer, length > 0 else { return max(length, 0) }
                let sink = Unmanaged<OutputSink>.fromOpaque(context).takeUnretainedValue()
                sink.append(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
                return length
            },
            nil, context, nil
        ) else { return nil }
        // The writer owns `output` from here and closes it when freed.
        guard let writer = xmlNewTextWriter(output) else {
            _ = xmlOutputBufferClose(output)
            return nil
        }
        return writer
    }

    /// The number of bytes received so far.
    var count: Int { 0 }
    func append(_ chunk: UnsafeRawBufferPointer) {}
    /// Inserts ASCII bytes at a byte offset already received.
    func insert(_ ascii: [UInt8], at offset: Int) {}
}
