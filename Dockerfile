# Goita Discord bot. Build: docker build -t goita-bot .
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

RUN useradd --create-home --uid 10001 goita \
    && mkdir /data \
    && chown goita:goita /data

WORKDIR /src
COPY pyproject.toml README.md ./
COPY goita_core ./goita_core
COPY bot ./bot
# The same install command as README's "run the bot" command.
RUN pip install .

USER goita
WORKDIR /data
ENV DATABASE_PATH=/data/goita.sqlite3
VOLUME ["/data"]

# No Discord needed: the database opens and the bot's heartbeat file is fresh.
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot.healthcheck"]

CMD ["python", "-m", "bot"]
