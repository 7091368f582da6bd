# Two stages: build with Swift and the -dev packages, run on slim Debian with only the runtime libraries.
# Kept correct by reading: no Docker engine runs on the development machines of this project.

FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends pkg-config libmicrohttpd-dev libmpfr-dev libgmp-dev libhiredis-dev libsqlite3-dev zlib1g-dev libssl-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, in a layer of their own: it is rebuilt only when Package.swift changes, not on every edit of
# the sources. The Swift client is a package of its own (Clients/Swift) and is not needed here.
COPY Package.swift ./
RUN swift package resolve
# Only what calculator-server is built from. Package.swift also names the test targets and the benchmark, whose
# folders must exist for it to load: empty test folders and a placeholder benchmark stand in for them, so that an
# edit of a test or a benchmark rebuilds nothing here.
RUN mkdir -p Tests/TestSupport Tests/BytesTests Tests/CalculatorEngineTests/Resources Tests/HTTPServerTests \
        Tests/SessionStoreTests Tests/CalculatorServiceTests Benchmarks/EngineBench \
    && echo '// Not built in the image.' > Benchmarks/EngineBench/main.swift
COPY Sources ./Sources
RUN swift build -c release --product calculator-server --static-swift-stdlib \
    && bin="$(swift build -c release --show-bin-path)" \
    && mkdir /staging \
    && cp "$bin/calculator-server" /staging/ \
    && cp -R "$bin/calculator_CalculatorService.resources" /staging/

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 libmpfr6 libgmp10 libhiredis0.14 libsqlite3-0 zlib1g libssl3 \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 calculator \
    && useradd --system --uid 10001 --gid 10001 --home-dir /app --shell /usr/sbin/nologin calculator \
    && mkdir -p /app/data && chown 10001:10001 /app/data
WORKDIR /app
# The resources folder (OpenAPI document, web page) must sit beside the binary.
COPY --from=build /staging/ /app/
# A numeric user, so that Kubernetes' runAsNonRoot can check it is not root (hadolint DL3066).
USER 10001:10001
ENV CALC_HOST=0.0.0.0 CALC_PORT=8080 CALC_DATA_DIR=/app/data
EXPOSE 8080
VOLUME ["/app/data"]
# The binary checks itself, reading CALC_HOST and CALC_PORT as the server does: set the port with CALC_PORT, not --port.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 CMD ["/app/calculator-server", "healthcheck"]
ENTRYPOINT ["/app/calculator-server"]
