import Foundation
import MMEXDifferential
import Testing

/// The import scenarios' source files are made once per process and kept for its life; whatever the process is (the
/// CLI, a test runner, an app using the harness), they are gone once it exits normally.
@Suite("Import sources' folder lives as long as its process")
struct ImportSourcesLifetimeTests {
    @Test("a process that made the import sources and exited normally leaves no folder behind")
    func removedAtExit() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let folder = try ImportSources.shared().folder
            #expect(FileManager.default.fileExists(atPath: folder))
            print("import-sources:\(folder)")
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let folder = output.split(separator: "\n").first { $0.hasPrefix("import-sources:") }
            .map { String($0.dropFirst("import-sources:".count)) }
        let made = try #require(folder, "the child printed no folder: \(output)")
        #expect(made.contains("driverport-import-sources-"))
        #expect(!FileManager.default.fileExists(atPath: made), "\(made) outlived its process")
    }
}
