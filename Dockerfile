# Two stages: build with Swift and the -dev packages, run on slim Debian with only the runtime libraries.
# Kept correct by reading: no Docker engine runs on the development machines of this project.

FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends pkg-config libmicrohttpd-dev libmpfr-dev libgmp-dev libhiredis-dev libsqlite3-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Package.swift names every target, tests and benchmarks included, so their folders must be present.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Benchmarks ./Benchmarks
RUN swift build -c release --product calculator-server --static-swift-stdlib \
    && bin="$(swift build -c release --show-bin-path)" \
    && mkdir /staging \
    && cp "$bin/calculator-server" /staging/ \
    && cp -R "$bin/calculator_CalculatorService.resources" /staging/

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 libmpfr6 libgmp10 libhiredis0.14 libsqlite3-0 curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin calculator \
    && mkdir -p /app/data && chown calculator /app/data
WORKDIR /app
# The resources folder (OpenAPI document, web page) must sit beside the binary.
COPY --from=build /staging/ /app/
USER calculator
ENV CALC_HOST=0.0.0.0 CALC_PORT=8080 CALC_DATA_DIR=/app/data
EXPOSE 8080
VOLUME ["/app/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["/app/calculator-server"]
