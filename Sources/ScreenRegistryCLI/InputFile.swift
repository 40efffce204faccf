import ArgumentParser
import Foundation

/// A command's input: a file, or standard input for `-`, read in chunks up to a limit, so
/// that `/dev/zero` or an endless pipe is refused instead of filling memory.
enum InputFile {
    /// Why the input was not read.
    enum Failure: Error {
        /// It cannot be opened or read (missing, a directory, no permission).
        case unreadable(String)
        /// It holds more than the limit; at most one byte past the limit was read.
        case tooLarge(limit: Int)
    }

    /// The bytes of `path` (`-` for standard input), at most `limit` of them.
    static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let file = FileHandle(forReadingAtPath: path)
            else {
                throw .unreadable(isDirectory.boolValue ? "'\(path)' is a directory" : "cannot open '\(path)'")
            }
            handle = file
        }
        defer { if path != "-" { try? handle.close() } }
        var data = Data()
        do {
            // Never more than one byte past the limit: enough to know the input is larger.
            while let chunk = try handle.read(upToCount: min(1 << 16, limit + 1 - data.count)), !chunk.isEmpty {
                data.append(chunk)
                if data.count > limit { throw Failure.tooLarge(limit: limit) }
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreadable("cannot read '\(path)': \(error.localizedDescription)")
        }
        return data
    }

    /// ``read(_:limit:)`` for a command: a failure is said on standard error and ends the
    /// command, `66` when the input cannot be read, `65` when it is too large.
    static func readForCommand(_ path: String, limit: Int) throws -> Data {
        do {
            return try read(path, limit: limit)
        } catch {
            switch error {
            case .unreadable(let reason):
                Output.error(reason)
                throw ExitCode(Output.noInput)
            case .tooLarge(let limit):
                Output.error("\(path == "-" ? "standard input" : "'\(path)'") is larger than \(limit) bytes")
                throw ExitCode(Output.dataError)
            }
        }
    }
}
