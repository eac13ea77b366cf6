// swift-tools-version:6.0
// The to-do app: a second app ported with DriverPort, and the template to copy for your own port.
// It depends on DriverPort by path (this checkout) and imports only DriverPort's library products.
import PackageDescription

let driverPort = "DriverPort"

let package = Package(
    name: "TodoApp",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TodoStore", targets: ["TodoStore"]),
    ],
    dependencies: [
        .package(name: driverPort, path: "../.."),
    ],
    targets: [
        // The app's values, repository protocols, contexts, schema and open check: no driver.
        .target(
            name: "TodoModel",
            dependencies: [.product(name: "PersistenceSession", package: driverPort)]
        ),
        // The repositories as SQLite.swift apps write them, and the session, on the legacy driver.
        .target(
            name: "TodoLegacy",
            dependencies: [
                "TodoModel",
                .product(name: "LegacyDriver", package: driverPort),
                .product(name: "LegacySessions", package: driverPort),
                .product(name: "PersistenceSession", package: driverPort),
            ]
        ),
        // The repositories as GRDB apps write them, and the sessions (queue and pool), on the reader/writer driver.
        .target(
            name: "TodoReaderWriter",
            dependencies: [
                "TodoModel",
                .product(name: "ReaderWriterDriver", package: driverPort),
                .product(name: "ReaderWriterSessions", package: driverPort),
                .product(name: "PersistenceSession", package: driverPort),
            ]
        ),
        // Where the app opens its file: the one place that picks the driver (the switch of the port).
        .target(
            name: "TodoStore",
            dependencies: [
                "TodoModel", "TodoLegacy", "TodoReaderWriter", .product(name: "PersistenceSession", package: driverPort),
            ]
        ),
        // The scenarios, the operation generator and the comparison runner over DriverPort's harness.
        .target(
            name: "TodoDifferential",
            dependencies: [
                "TodoModel", "TodoLegacy", "TodoStore",
                .product(name: "Differential", package: driverPort),
                .product(name: "PersistenceSession", package: driverPort),
            ]
        ),
        .testTarget(
            name: "TodoAppTests",
            dependencies: [
                "TodoModel", "TodoLegacy", "TodoReaderWriter", "TodoStore", "TodoDifferential",
                .product(name: "Differential", package: driverPort),
                .product(name: "PersistenceSession", package: driverPort),
                .product(name: "ReaderWriterDriver", package: driverPort),
                .product(name: "Transcripts", package: driverPort),
                .product(name: "ShadowSessions", package: driverPort),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
