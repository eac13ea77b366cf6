// Stand-ins for the app pieces outside the data layer (OSLog's Logger, the SwiftUI view model, the pasteboard
// export), written for this check: none of mmex-ios's own lines.
import Foundation

struct StubLogger {
    func trace(_ message: @autoclosure () -> String) {}
    func debug(_ message: @autoclosure () -> String) {}
    func info(_ message: @autoclosure () -> String) {}
    func warning(_ message: @autoclosure () -> String) {}
    func error(_ message: @autoclosure () -> String) {
        FileHandle.standardError.write(Data(("mmex error: " + message() + "\n").utf8))
    }
}

let log = StubLogger()

protocol ExportableEntity: Identifiable, Codable {}

@MainActor final class ViewModel {}

// The view model's update and delete live in the app's ViewModel files (not part of the data layer).
extension DataProtocol {
    @MainActor mutating func update(_ vm: ViewModel) -> String? { "not in this check" }
    @MainActor func delete(_ vm: ViewModel) -> String? { "not in this check" }
}
