// swift-tools-version:6.0
// The to-do app: a second app ported with DriverPort, and the template to copy for your own.
// It depends on DriverPort by path (a checkout) and imports only its library products.
import PackageDescription

let package = Package(
    name: "TodoApp",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TodoModel", targets: ["TodoModel"]),
    ],
    dependencies: [
        .package(name: "DriverPort", path: "../.."),
    ],
    targets: [
        // The app's values, repository protocols, contexts and schema: no driver.
        .target(name: "TodoModel"),
        // The repositories as SQLite.swift apps write them, on the legacy driver.
        .target(
            name: "TodoLegacy",
            dependencies: ["TodoModel", .product(name: "LegacyDriver", package: "DriverPort")]
        ),
        // The repositories as GRDB apps write them, on the reader/writer driver (queue and pool).
        .target(
            name: "TodoReaderWriter",
            dependencies: ["TodoModel", .product(name: "ReaderWriterDriver", package: "DriverPort")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
