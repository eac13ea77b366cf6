import Foundation
import Testing
import TestSupport

@Suite("The shared reference data")
struct SharedDataPresenceTests {
    @Test("under CI=true ../shared is present, so no test that needs it passes by skipping")
    func presentWhereRequired() {
        if SharedData.isRequired {
            #expect(SharedData.isAvailable, "CI=true but \(SharedData.root.path) is missing: CI lays ../shared beside the clone")
        }
    }

    @Test("where ../shared is present, every real file the tests name is in it")
    func realFilesPresent() {
        guard SharedData.isAvailable else { return }
        for file in SharedData.realFiles {
            #expect(FileManager.default.fileExists(atPath: SharedData.realFile(file.name).path), "\(file.name)")
        }
        #expect(FileManager.default.fileExists(atPath: SharedData.referenceSchema.path))
    }
}
