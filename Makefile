# Short commands for the portfolio site. `make` alone lists them (in German,
# like the owner's guide docs/operations.md).
# Docker targets use docker compose; `local` runs the same stack natively.
.DEFAULT_GOAL := help
.PHONY: help docker-check up up-tls update update-tls rollback down logs images test local password lint build install mail-retry mail-retry-local \
	access-add access-add-local access-list access-list-local access-revoke access-revoke-local access-remove access-remove-local \
	access-sections access-sections-local access-file access-file-local \
	access-log access-log-local owner-setup owner-setup-local owner-passkeys owner-passkeys-local \
	backup backup-local restore restore-local restore-recover restore-recover-local \
	backup-key backup-key-local backup-check backup-check-local backup-adopt backup-adopt-local

COMPOSE ?= docker compose
TLS_FILES := -f docker-compose.yml -f docker-compose.tls.yml
# What the owner names on the command line (make restore FILE=…) reaches the
# commands through the environment, never spliced into a recipe's text, and
# as written: make would otherwise expand $(…) in it before exporting it.
OWNER_VARIABLES := NAME ID DAYS SECTIONS LABEL JSON REMOVE FILE AGE_IDENTITY KEY_FILE SKIP_ORIGIN_CHECK \
	SKIP_NAME_CHECK
KEY_FILE ?= ~/portfolio-backup-key.txt
# SECTIONS= given empty is refused by the command, not taken for "not given".
SECTIONS_GIVEN := $(filter-out undefined,$(origin SECTIONS))
$(foreach variable,$(OWNER_VARIABLES),$(eval override $(variable) := $$(value $(variable))))
export $(OWNER_VARIABLES)

# Every Docker target first checks the engine and Compose versions the files
# need and names what to install when they are missing (docs/operations.md, "Docker").
CHECK_DOCKER ?= sh scripts/check-docker.sh "$(COMPOSE)"

# Where the site's images come from (docs/operations.md, "Raspberry Pi"):
# with PORTFOLIO_IMAGES in .env naming a registry, this machine pulls them
# and builds nothing, as a Raspberry Pi is slow and short of memory for a
# build; without it, it builds them itself. Compose reads .env, the Makefile
# does not: it asks Compose for the resolved configuration, where an image
# of the site (…-api, …-web) with a slash in its name lives in a registry.
# Compose 2 and Compose 1.29 (the engine suite's) print those lines alike.
REGISTRY_IMAGE := ^ *image: [^ ]*/[^ /]*-(api|web):
# Shell commands for the files $(1): a condition true in pull mode, the
# start from pulled images, and the start or update in either mode. The
# commands run are traced (set -x), the question to Compose is not.
PULL_MODE = $(COMPOSE) $(1) config 2>/dev/null | grep -Eq '$(REGISTRY_IMAGE)'
PULL_START = $(COMPOSE) $(1) pull && $(COMPOSE) $(1) up -d --no-build
START = if $(call PULL_MODE,$(1)); then set -x; $(call PULL_START,$(1)); \
	else set -x; $(COMPOSE) $(1) up -d --build; fi
# An update first fetches (pulls, or rebuilds on freshly pulled base
# images), then restarts on what it fetched.
FETCH = if $(call PULL_MODE,$(1)); then set -x; $(COMPOSE) $(1) pull; \
	else set -x; $(COMPOSE) $(1) build --pull; fi
RESTART = if $(call PULL_MODE,$(1)); then set -x; $(COMPOSE) $(1) up -d --no-build; \
	else set -x; $(COMPOSE) $(1) up -d; fi

# The restore's journals (api/src/backup/restore/restore-transaction.ts) stay until
# it has ended; the API refuses such stores too, for a plain docker compose up.
NO_UNFINISHED_RESTORE = test ! -e .portfolio-backup.journals || { echo 'Eine Wiederherstellung wurde \
	unterbrochen: dieselbe noch einmal (make restore FILE=…) oder zurücknehmen (make restore-recover); \
	die Website startet erst danach.' >&2; exit 1; }

help: ## Listet die Ziele
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{ printf "  make %-10s %s\n", $$1, $$2 }'

docker-check:
	@$(CHECK_DOCKER)

up: docker-check ## Startet die Website (WEB_PORT, HTTPS wie HTTPS in .env sagt); holt die Images mit PORTFOLIO_IMAGES, baut sie sonst; nach jeder Änderung in .env
	@$(NO_UNFINISHED_RESTORE)
	@$(SITE_FNS) files=$$(site_files) || exit 1; $(call START,$$files)
	@echo "Website auf Port WEB_PORT (Standard 8080), Mails: http://127.0.0.1:8025/ (MAILPIT_UI_PORT)"
	@echo "Anmelden ohne AUTH_PASSWORD_HASH: mit dem Einmal-Passwort des ersten Starts (make logs); ein eigenes: make password"

# make update and make rollback (docs/operations.md#aktualisieren): the
# version each image carries (Dockerfile.*: the checkout's commit, which
# Compose passes to the build; the registry's images carry the workflow's),
# the running images kept as `previous` once new ones are fetched, the
# archive taken before they start, by the tool of the new image (the one
# this Makefile knows), recorded in PREVIOUS for the way back.
# `image_of SERVICE`: the image Compose names for it; `running_id SERVICE`:
# the image its container runs, if one does; `version_of IMAGE`;
# `image_id IMAGE`.
PORTFOLIO_VERSION ?= $(shell git rev-parse HEAD 2>/dev/null)
export PORTFOLIO_VERSION
DOCKER ?= docker
PREVIOUS := .portfolio-previous.env
UPDATE_FNS = image_of() { $(COMPOSE) $$files config 2>/dev/null | \
	  sed -nE "s/^ *image: ([^ ]*-$$1:[^ ]*)$$/\1/p" | head -n 1; }; \
	running_id() { c=$$($(COMPOSE) $$files ps -q $$1 2>/dev/null | head -n 1); \
	  [ -n "$$c" ] && $(DOCKER) inspect --format '{{.Image}}' "$$c"; }; \
	version_of() { v=$$($(DOCKER) image inspect --format \
	  '{{index .Config.Labels "org.opencontainers.image.revision"}}' "$$1" 2>/dev/null); \
	  printf %s "$${v:-unbekannt}"; }; \
	image_id() { $(DOCKER) image inspect --format '{{.Id}}' "$$1" 2>/dev/null; };

# The language of the backup tool's calls this Makefile speaks
# (api/src/backup/commands/protocol.command.ts): make update goes on only
# with a new image whose tool answers the same. After make rollback an
# older image runs, whose tool may not know a call: it refuses it with exit
# code 2, and `refused STATUS` then names the checkout that speaks its language.
TOOL_PROTOCOL := 2
REFUSED_FNS = $(UPDATE_FNS) refused() { [ "$$1" = 2 ] || return "$$1"; files=; \
	v=$$(version_of "$$(image_of api)"); [ "$$v" = "$(PORTFOLIO_VERSION)" ] || echo "Das Backup-Werkzeug \
	des API-Images (Version $$v) kennt diesen Aufruf nicht: git checkout $$v, dann make $@ noch einmal." >&2; \
	return 2; };

update: docker-check ## Neue Version: holen oder bauen, die laufenden Images bleiben als „previous“, ein Archiv, dann neu starten
	@$(NO_UNFINISHED_RESTORE)
	@$(TOOL_FILES) $(SITE_FNS) $(UPDATE_FNS) files=$$(site_files) || exit 1; \
	api=$$(running_id api); web=$$(running_id web); old=; [ -z "$$api" ] || old=$$(version_of "$$api"); \
	if $(call PULL_MODE,$$files); then next="$$(image_of api) aus der Registry"; \
	else next="$${PORTFOLIO_VERSION:-unbekannt} (dieser Checkout, hier gebaut)"; fi; \
	echo "Läuft: $${old:-nichts}. Wird laufen: $$next."; \
	( $(call FETCH,$$files) ) || exit 1; changed=; \
	if [ -n "$$api" ] && [ -n "$$web" ] && { [ "$$(image_id "$$(image_of api)")" != "$$api" ] || \
	  [ "$$(image_id "$$(image_of web)")" != "$$web" ]; }; then changed=1; \
	  for s in api:$$api web:$$web; do n=$$(image_of $${s%%:*}); \
	    $(DOCKER) image tag "$${s#*:}" "$${n%:*}:previous" || exit 1; done; fi; \
	speaks=$$($(BACKUP_RUN) backup protocol 2>/dev/null); [ "$$speaks" = $(TOOL_PROTOCOL) ] || { \
	  v=$$(version_of "$$(image_of api)"); echo "Update abgebrochen: das neue Image (Version $$v) \
	spricht Protokoll $${speaks:-1} des Backup-Werkzeugs, dieses Makefile $(TOOL_PROTOCOL): git checkout $$v, \
	dann make update; die Website läuft weiter wie vorher." >&2; exit 1; }; \
	archive=$$(export PORTFOLIO_VERSION="$${old:-unknown}"; json=1; $(BACKUP_CREATE) | \
	  sed -n 's/^{"archive":"\([^"]*\)".*/\1/p'); [ -n "$$archive" ] || { \
	  echo 'Update abgebrochen: ohne Archiv kein Update; die Website läuft weiter wie vorher.' >&2; exit 1; }; \
	dir=$$(setting BACKUP_DIR); if [ -n "$$changed" ]; then \
	  printf "VERSION='%s'\nARCHIVE='%s'\n" "$$old" "$${dir:-backups}/$$archive" > $(PREVIOUS); \
	elif [ -z "$$api" ]; then rm -f $(PREVIOUS); fi; \
	( $(call RESTART,$$files) ) || exit 1; \
	if now=$$(running_id api); then echo "Gestartet: $$(version_of "$$now"). Zurück: make rollback."; fi

# The images of before the last make update, under the names Compose uses
# now, started without building or pulling; the data of then come from the
# archive that update took (make restore), only if the owner wants them.
rollback: docker-check ## Zurück zur Version vor dem letzten make update (ihre Images); nennt das Archiv von davor
	@$(NO_UNFINISHED_RESTORE)
	@$(SITE_FNS) $(UPDATE_FNS) files=$$(site_files) || exit 1; \
	[ -f $(PREVIOUS) ] || { echo 'Kein make update, zu dem es ein Zurück gäbe.' >&2; exit 1; }; \
	for s in api web; do n=$$(image_of $$s); image_id "$${n%:*}:previous" >/dev/null || { \
	  echo "Kein Image $${n%:*}:previous: make rollback geht nur nach make update." >&2; exit 1; }; done; \
	for s in api web; do n=$$(image_of $$s); \
	  (set -x; $(DOCKER) image tag "$${n%:*}:previous" "$$n") || exit 1; done; \
	(set -x; $(COMPOSE) $$files up -d --no-build) || exit 1; \
	version=$$(in_file $(PREVIOUS) VERSION); archive=$$(in_file $(PREVIOUS) ARCHIVE); \
	echo "Gestartet: $$version. Dabei bleiben: git checkout $$version (selbst gebaut) oder PORTFOLIO_TAG=$$version in .env (geholt)."; \
	if [ -f "$$archive" ]; then echo "Die Daten von vor dem Update: make down, dann make restore FILE=$$archive"; \
	else echo "Das Archiv von vor dem Update ($$archive) ist nicht mehr da (BACKUP_KEEP): das nächstältere nehmen."; fi

# make up and make update follow HTTPS in .env themselves.
up-tls update-tls:
	@echo 'make $@ heisst jetzt make $(@:-tls=): HTTPS in .env sagt, ob die Website HTTPS macht (docs/operations.md#https).' >&2; exit 2

# Both files whatever HTTPS says now, so certbot goes too after HTTPS was
# switched off.
down: docker-check ## Stoppt und entfernt die Container; die Daten bleiben
	$(COMPOSE) $(TLS_FILES) down

logs: docker-check ## Folgt den Logs aller Container (mit HTTPS auch certbot)
	@$(SITE_FNS) files=$$(site_files) || exit 1; $(COMPOSE) $$files logs -f

images: docker-check ## Baut nur die Images
	$(COMPOSE) build

test: docker-check ## Alle Tests in einem Container (Debian, chromium, nginx)
	$(COMPOSE) --profile test build test
	$(COMPOSE) --profile test run --rm test

mail-retry: docker-check ## Sendet die Kontaktmails im Ordner failed/ des Postausgangs noch einmal (Docker)
	$(COMPOSE) exec -T api node dist/mail/outbox/retry-failed.cli.js

mail-retry-local: node_modules ## Dasselbe für make local (.local/mail-outbox oder MAIL_OUTBOX_DIR)
	npx tsx api/src/mail/outbox/retry-failed.cli.ts

# Personal access links (docs/operations.md, "Zugänge"). NAME, DAYS,
# SECTIONS, FILE, LABEL and REMOVE reach the command through the environment
# (OWNER_VARIABLES), so a name with spaces or quotes needs no escaping here; a
# value goes after `--` or joined with `=`, so one that starts with `-` is a
# value, not an option. FILE, a PDF for that company alone, comes in on
# stdin (--file=-): the API's container sees no path of the host. LABEL, its
# name for the company, is else FILE's own name.
ACCESS_CLI_DOCKER := $(COMPOSE) exec -T api node dist/access/access.cli.js
ACCESS_CLI_LOCAL := npx tsx api/src/access/access.cli.ts
SECTIONS_ARG = $(if $(SECTIONS_GIVEN),--sections="$$SECTIONS")
FILE_ARGS = $${FILE:+--file=- --label="$${LABEL:-$$(basename -- "$$FILE")}"}
FILE_IN = < "$${FILE:-/dev/null}"
ACCESS_ADD_ARGS = add $${DAYS:+--days="$$DAYS"} $(SECTIONS_ARG) $(FILE_ARGS) -- "$$NAME" $(FILE_IN)
ACCESS_FILE_ARGS = file $${REMOVE:+--remove="$$REMOVE"} $(FILE_ARGS) -- "$$NAME" $(FILE_IN)
ACCESS_LOG_ARGS = log $${JSON:+--json} $${NAME:+-- "$$NAME"}

access-add: docker-check ## Neuer Zugangslink für NAME="Muster AG" (DAYS=90, SECTIONS="A, B", FILE=brief.pdf), zeigt Link und Code (Docker)
	$(ACCESS_CLI_DOCKER) $(ACCESS_ADD_ARGS)

access-add-local: node_modules ## Dasselbe für make local (.local/access oder ACCESS_DIR)
	$(ACCESS_CLI_LOCAL) $(ACCESS_ADD_ARGS)

access-sections: docker-check ## Die Bereiche, die NAME="Muster AG" sieht: SECTIONS="Bewerbung, GIBB" oder SECTIONS=alle (Docker)
	$(ACCESS_CLI_DOCKER) sections $(SECTIONS_ARG) -- "$$NAME"

access-sections-local: node_modules ## Dasselbe für make local
	$(ACCESS_CLI_LOCAL) sections $(SECTIONS_ARG) -- "$$NAME"

access-file: docker-check ## Ein PDF nur für NAME="Muster AG": FILE=brief.pdf (LABEL=…), oder REMOVE=<sein Name> (Docker)
	$(ACCESS_CLI_DOCKER) $(ACCESS_FILE_ARGS)

access-file-local: node_modules ## Dasselbe für make local (.local/letters oder LETTERS_DIR)
	$(ACCESS_CLI_LOCAL) $(ACCESS_FILE_ARGS)

access-list: docker-check ## Listet die Zugangslinks: erstellt, läuft ab, erste und letzte Nutzung, Zähler (Docker)
	$(ACCESS_CLI_DOCKER) list

access-list-local: node_modules ## Dasselbe für make local
	$(ACCESS_CLI_LOCAL) list

access-revoke: docker-check ## Beendet den Zugang NAME="Muster AG" sofort, auch offene Sitzungen und eigene PDFs (Docker)
	$(ACCESS_CLI_DOCKER) revoke -- "$$NAME"

access-revoke-local: node_modules ## Dasselbe für make local
	$(ACCESS_CLI_LOCAL) revoke -- "$$NAME"

access-remove: docker-check ## Löscht einen beendeten Zugang NAME="Muster AG" (oder ID=… aus make access-list) mit eigenen PDFs und Logeinträgen (Docker)
	$(ACCESS_CLI_DOCKER) remove -- "$${ID:-$$NAME}"

access-remove-local: node_modules ## Dasselbe für make local
	$(ACCESS_CLI_LOCAL) remove -- "$${ID:-$$NAME}"

access-log: docker-check ## Wer was geöffnet hat, Neuestes zuerst; NAME= für eine Firma, JSON=1 für Skripte (Docker)
	$(ACCESS_CLI_DOCKER) $(ACCESS_LOG_ARGS)

access-log-local: node_modules ## Dasselbe für make local
	$(ACCESS_CLI_LOCAL) $(ACCESS_LOG_ARGS)

# The owner's page /verwaltung, signed in with passkeys (docs/architecture.md).
# REMOVE reaches the command through the environment and after `--`, like NAME
# above: a passkey's id may start with `-`.
OWNER_CLI_DOCKER := $(COMPOSE) exec -T api node dist/owner/owner.cli.js
OWNER_CLI_LOCAL := npx tsx api/src/owner/owner.cli.ts
OWNER_PASSKEYS_ARGS = passkeys $${REMOVE:+remove -- "$$REMOVE"}

owner-setup: docker-check ## Ein Link, um einen Passkey für /verwaltung einzurichten: auf dem Handy öffnen; 15 Minuten, einmal (Docker)
	$(OWNER_CLI_DOCKER) setup-link

owner-setup-local: node_modules ## Dasselbe für make local
	$(OWNER_CLI_LOCAL) setup-link

owner-passkeys: docker-check ## Listet deine Passkeys; REMOVE=<ID> entfernt einen, etwa eines verlorenen Handys (Docker)
	$(OWNER_CLI_DOCKER) $(OWNER_PASSKEYS_ARGS)

owner-passkeys-local: node_modules ## Dasselbe für make local
	$(OWNER_CLI_LOCAL) $(OWNER_PASSKEYS_ARGS)

# Backups (docs/backup.md): one archive of everything the site cannot
# rebuild, into BACKUP_DIR, encrypted with age, signed and read back whole;
# restore checks the whole archive first. The Docker targets run the tool in
# short-lived containers of the API image (docker-compose.backup.yml), so
# the host needs no Node: create and restore without network, the off-site
# step and the drill with it. Each container takes the tool's lock itself
# for as long as it works (api/src/backup/backup-lock.ts), so a shell that
# dies leaves nothing running unlocked. FILE, AGE_IDENTITY and KEY_FILE
# reach the shell through the environment (OWNER_VARIABLES): a path with
# spaces or quotes stays a path.
# The compose project: `name` in docker-compose.yml, unless the environment
# names another (as the engine suite does for its own runs).
PROJECT_NAME := $(or $(COMPOSE_PROJECT_NAME),portfolio)
BACKUP_COMPOSE := $(COMPOSE) -f docker-compose.yml -f docker-compose.backup.yml
BACKUP_RUN := $(BACKUP_COMPOSE) run --rm --no-deps -T
BACKUP_STORES := --project /project --documents /documents --store access=/app/access --store letters=/app/letters \
	--store outbox=/app/mail-outbox --store mailpit=/data
BACKUP_TLS_STORES := --store letsencrypt=/etc/letsencrypt --store certificates=/certs
BACKUP_CLI_LOCAL := npx tsx api/src/backup/backup.cli.ts
# The archive, with the HTTPS volumes when the site runs HTTPS (SITE_FNS).
# With json set, its answer is one line for the shell (make update).
BACKUP_CREATE = { [ "$$(https_mode)" = off ] || tls=-tls; \
	$(BACKUP_RUN) backup$$tls create $${json:+--json} $(BACKUP_STORES) $${tls:+$(BACKUP_TLS_STORES)}; }
# The lock file and the records' folder, which the networked containers
# mount alone: made here first, as the owner.
TOOL_FILES = touch .portfolio-backup.flock && mkdir -p -m 700 .portfolio-backup.state || exit 1;
# KEY_FILE (above, ~/portfolio-backup-key.txt): where make backup-key writes
# the key file, outside the repository, for the owner to take away.
# Shell helpers for a file an environment variable names, ~/ expanded (zsh
# leaves it as it is after NAME=): its folder as an absolute path (to mount;
# CDPATH= keeps cd from printing it a second time) and its name; `key_mount`
# sets $$key_file (only that file is mounted) and $$key for AGE_IDENTITY;
# `setting NAME`: the environment's value, else .env's last NAME= line
# (`in_file FILE NAME`: FILE's); `restored_folders`: the DOCUMENTS_DIR and
# TLS_DIR a restore works on (the archive's, recorded by the tool,
# api/src/backup/restore/restore-folders.ts), exported for Compose to mount
# and made as the owner when missing; with `confirm` only if this .env or
# the command line names the same (an archive never chooses a folder of
# this computer on its own), and never the root, the project or a folder
# above it, or one in the project outside documents/ (`own_folder`).
PATH_FNS = home() { case $$1 in "~/"*) printf '%s/%s' "$$HOME" "$${1\#"~/"}";; *) printf %s "$$1";; esac; }; \
	folder_of() { (CDPATH= cd -- "$$(dirname -- "$$(home "$$1")")" && pwd); }; \
	name_of() { basename -- "$$1"; }; \
	key_mount() { [ -z "$${AGE_IDENTITY:-}" ] && return 0; \
	  key_file="$$(folder_of "$$AGE_IDENTITY")/$$(name_of "$$AGE_IDENTITY")" && \
	  key="/identity/$$(name_of "$$AGE_IDENTITY")"; }; \
	in_file() { v=$$(sed -nE \
	    "s/^[[:space:]]*(export[[:space:]]+)?$$2[[:space:]]*=[[:space:]]*//p" "$$1" 2>/dev/null | tail -n 1); \
	  case $$v in [\#]*) v=;; \"*|\'*) q=$${v%"$${v\#?}"}; v=$${v\#?}; v=$${v%%"$$q"*};; \
	    *) v=$${v%%[[:space:]]\#*}; v=$${v%"$${v\#\#*[![:space:]]}"};; esac; printf %s "$$v"; }; \
	setting() { eval "v=\$${$$1-}"; if [ -n "$$v" ]; then printf %s "$$v"; else in_file .env "$$1"; fi; }; \
	own_folder() { d=$$(home "$$2"); case $$d in /*) ;; ./*) d=$$PWD/$${d\#./};; .*|"~/"*) d=$$PWD/$$d;; \
	    *) return 0;; esac; d=$${d%/}; case $$d/ in */../*|*/./*) r=1;; "$$PWD"/documents/?*) r=0;; \
	    "$$PWD"/*) r=1;; *) case $$PWD/ in "$$d"/*) r=1;; *) r=0;; esac;; esac; [ -n "$$d" ] || r=1; \
	  [ $$r = 0 ] || echo "$$1 ($$2) ist kein eigener Ordner: nicht die Wurzel, nicht das Projekt \
	  oder ein Ordner darüber, im Projekt nur einer unter documents/; nichts verändert." >&2; return $$r; }; \
	restored_folders() { f=.portfolio-backup.state/restore-folders.env; [ -f "$$f" ] || return 0; \
	  for n in DOCUMENTS_DIR TLS_DIR; do a=$$(in_file "$$f" $$n); here=$$(setting $$n); \
	    if [ "$${1:-}" = confirm ] && [ -n "$$a" ] && [ "$$a" != "$$here" ]; then \
	      echo "Das Archiv legt $$n nach „$$a“ (seine .env), hier steht $$n „$$here“; nichts verändert. \
	Stimmt der Ordner: make restore FILE=… $$n=$$a (docs/backup.md\#wiederherstellen)" >&2; return 1; fi; \
	    own_folder $$n "$$a" || return 1; export "$$n=$$a"; case $$a in /*|.*|"~/"*) \
	      mkdir -p -- "$$(home "$$a")" || return 1;; esac; done; };
# Whether the site runs its own HTTPS (docs/operations.md#https): HTTPS in
# .env (or the environment), `certbot` (a certificate for DOMAIN from Let's
# Encrypt), `own` (TLS_DIR's) or `off` (none, also behind a proxy that makes
# HTTPS); unset, a site with DOMAIN and ACME_EMAIL keeps certbot, one with
# TLS_DIR its certificate. `site_files` prints the compose files for it;
# every target that starts or watches the site, and make backup, use it.
# With COMPOSE_FILE (.env or the environment), which plain `docker compose`
# follows too, it prints none and Compose reads that list: it must hold
# docker-compose.tls.yml exactly when the site runs HTTPS (and may add the
# owner's own files).
SITE_FNS = $(PATH_FNS) https_mode() { m=$$(setting HTTPS); [ -n "$$m" ] || { \
	  if [ -n "$$(setting DOMAIN)" ] && [ -n "$$(setting ACME_EMAIL)" ]; then m=certbot; \
	  elif [ -n "$$(setting TLS_DIR)" ]; then m=own; else m=off; fi; }; printf %s "$$m"; }; \
	site_files() { m=$$(https_mode); case $$m in off) f=;; certbot|own) f='$(TLS_FILES)';; \
	  *) echo "HTTPS=$$m in .env: certbot, own oder off (docs/operations.md\#https)." >&2; \
	  return 1;; esac; c=$$(setting COMPOSE_FILE); [ -n "$$c" ] || { printf %s "$$f"; return 0; }; \
	  case :$$c: in *[:/]docker-compose.tls.yml:*) t=1;; *) t=0;; esac; \
	  [ -n "$$f" ] && w=1 || w=0; [ $$t = $$w ] && return 0; \
	  echo "COMPOSE_FILE=$$c passt nicht zu HTTPS=$$m: docker-compose.tls.yml gehört genau dann \
	  hinein, wenn die Website HTTPS macht (docs/operations.md\#https)." >&2; return 1; };
KEY_MOUNT = $${key:+-v "$$key_file:$$key:ro"}
KEY_ARG = $${key:+--identity "$$key"}
# SKIP_ORIGIN_CHECK=1 restores an archive made before signatures (a
# signature present is checked all the same); SKIP_NAME_CHECK=1 one whose
# name bears another time than it was made at.
SKIP_ARG = $$([ "$${SKIP_ORIGIN_CHECK:-}" = 1 ] && echo --skip-origin-check) \
	$$([ "$${SKIP_NAME_CHECK:-}" = 1 ] && echo --skip-name-check)
NEED_FILE = @test -n "$${FILE:-}" || { echo 'Welches Archiv? make $@ FILE=backups/portfolio-backup-….tar.gz.age' >&2; exit 2; }
# `net_run SERVICE ARGS…`: the off-site step or the drill, as the user who
# runs make (the owner of BACKUP_DIR's archives and of rclone's config), with
# the SSH files rclone.conf names mounted read-only at the same paths.
NET_FNS = net_run() { conf=$$(home "$$(setting BACKUP_RCLONE_CONFIG)"); \
	  conf=$${conf:-$$HOME/.config/rclone/rclone.conf}; \
	  if [ -r "$$conf" ]; then while IFS= read -r line || [ -n "$$line" ]; do \
	    f=$$(printf '%s\n' "$$line" | sed -nE 's/^[[:space:]]*(key_file|known_hosts_file|pubkey_file)[[:space:]]*=[[:space:]]*(.*[^[:space:]])[[:space:]]*$$/\2/p'); \
	    f=$$(home "$$f"); if [ -e "$$f" ]; then set -- -v "$$f:$$f:ro" "$$@"; fi; \
	  done < "$$conf"; fi; \
	  $(BACKUP_RUN) --user "$$(id -u):$$(id -g)" "$$@"; };

# The archive first, read back whole, without network; with BACKUP_REMOTE
# then the off-site step, with network and without stores: the archive and
# the index of the site's archives copied and verified at the remote, its
# archives beyond BACKUP_KEEP deleted there, and only then here. A failure
# of either step is mailed to MAIL_TO through the outbox: create queues it
# itself; after the off-site step (which has no outbox), whatever it did,
# report completes the night for the API's age watch or mails why not, also
# when the step never started.
backup: docker-check ## Archiv von Zugängen, eigenen PDFs, Postausgang, Posteingang, Zertifikaten, .env, Dokumenten in BACKUP_DIR, dann ausser Haus (Docker)
	@$(TOOL_FILES) $(SITE_FNS) $(NET_FNS) $(REFUSED_FNS) $(BACKUP_CREATE) || { refused $$?; exit; }; \
	[ -z "$$(setting BACKUP_REMOTE)" ] && exit 0; \
	net_run offsite offsite --project /project; copied=$$?; \
	$(BACKUP_RUN) backup report $(BACKUP_STORES) && exit $$copied

backup-local: node_modules ## Dasselbe für make local (.local/…, .env, DOCUMENTS_DIR); mit BACKUP_REMOTE das rclone des Rechners
	$(BACKUP_CLI_LOCAL) create --local --offsite

# Restore into a stopped or fresh stack: check the archive (its stores,
# one JSON line from verify --json, decide whether the HTTPS volumes are
# restored too), restore, start the site. SKIP_ORIGIN_CHECK=1 for an
# archive made before signatures (docs/backup.md).
restore: docker-check ## Stellt FILE=backups/….tar.gz.age (AGE_IDENTITY=Schlüsseldatei) in die gestoppte Website her und startet sie (Docker)
	$(NEED_FILE)
	@if [ -n "$$($(COMPOSE) $(TLS_FILES) ps -q --status running 2>/dev/null)" ]; then \
	  echo 'Die Website läuft noch: zuerst make down, dann make restore FILE=…' >&2; exit 1; fi
	@$(TOOL_FILES) $(SITE_FNS) $(REFUSED_FNS) key_mount || exit 1; \
	archive_dir=$$(folder_of "$$FILE") || exit 1; archive="/restore/$$(name_of "$$FILE")"; \
	tool() { $(BACKUP_RUN) -v "$$archive_dir:/restore:ro" $(KEY_MOUNT) "$$@" $(KEY_ARG) $(SKIP_ARG); }; \
	held=$$(tool restore verify --json "$$archive" --project /project --documents /documents) || { refused $$?; exit; }; \
	restored_folders confirm || exit 1; \
	case "$$held" in *'"name":"letsencrypt"'*|*'"name":"certificates"'*) tls=-tls;; esac; \
	tool restore$$tls restore "$$archive" $(BACKUP_STORES) $${tls:+$(BACKUP_TLS_STORES)} \
	&& files=$$(site_files) && $(COMPOSE) $$files up -d

restore-local: node_modules ## Dasselbe für make local (zuerst stoppen), FILE=… (AGE_IDENTITY=…)
	$(NEED_FILE)
	$(BACKUP_CLI_LOCAL) restore "$$FILE" --local $${AGE_IDENTITY:+--identity "$$AGE_IDENTITY"} $(SKIP_ARG)

# A restore cut short (power cut, dropped ssh session) keeps the site from
# starting; this ends it without a new one: finished if it had committed,
# else every store as before it. Recovery acts only on journals of the
# stores named, so the HTTPS volumes are named whenever they exist.
restore-recover: docker-check ## Beendet oder nimmt eine unterbrochene Wiederherstellung zurück, ohne neue (Docker)
	@$(PATH_FNS) restored_folders || exit 1; \
	if docker volume inspect $(PROJECT_NAME)_letsencrypt >/dev/null 2>&1; then tls=-tls; fi; \
	$(BACKUP_RUN) restore$$tls recover $(BACKUP_STORES) $${tls:+$(BACKUP_TLS_STORES)}

restore-recover-local: node_modules ## Dasselbe für make local
	$(BACKUP_CLI_LOCAL) recover --local

backup-key: docker-check ## Neue Schlüssel (age und Signatur): in .env und in die Schlüsseldatei KEY_FILE (~/portfolio-backup-key.txt) (Docker)
	@$(PATH_FNS) mkdir -p "$$(dirname -- "$$(home "$$KEY_FILE")")" && dir=$$(folder_of "$$KEY_FILE") || exit 1; \
	$(BACKUP_RUN) -v "$$dir:/key" backup key --project /project --out "/key/$$(name_of "$$KEY_FILE")"

backup-key-local: node_modules ## Dasselbe ohne Docker
	@$(BACKUP_CLI_LOCAL) key --out "$$KEY_FILE"

# The restore drill, where the key file is (the owner's computer, not the
# Pi): of the remote's archives (else BACKUP_DIR's) the newest and one
# older in turn, as the index of the site's archives names them, each
# checked whole and signed by the site, the newest not older than
# BACKUP_MAX_AGE. The remote's copies are fetched, with network and without
# the key, into a scratch folder that goes afterwards; the drill reads them
# with the key and without network.
backup-check: docker-check ## Prüft das neueste Archiv (ausser Haus, sonst BACKUP_DIR) und reihum ein älteres, AGE_IDENTITY=… (Docker)
	@$(TOOL_FILES) $(PATH_FNS) $(NET_FNS) $(REFUSED_FNS) key_mount || exit 1; \
	drill() { $(BACKUP_RUN) $(KEY_MOUNT) "$$@" --project /project $(KEY_ARG) || refused $$?; }; \
	[ -n "$$(setting BACKUP_REMOTE)" ] || { drill check check; exit; }; \
	scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/portfolio-backup-check-XXXXXX") || exit 1; \
	trap 'rm -rf "$$scratch"' EXIT; \
	net_run -v "$$scratch:/check" offsite fetch --project /project --into /check && \
	drill -v "$$scratch:/check:ro" check check /check --fetched

backup-check-local: node_modules ## Dasselbe ohne Docker (rclone des Rechners)
	@$(BACKUP_CLI_LOCAL) check --offsite $${AGE_IDENTITY:+--identity "$$AGE_IDENTITY"}

# After a lost index, or for archives from before it: the archives in
# BACKUP_DIR that prove themselves the site's (opened with the key file,
# signed by the site) are taken back into the index; the rest stay strangers.
backup-adopt: docker-check ## Nimmt die eigenen Archive in BACKUP_DIR wieder ins Verzeichnis der Archive auf, AGE_IDENTITY=… (Docker)
	@$(PATH_FNS) key_mount || exit 1; \
	$(BACKUP_RUN) $(KEY_MOUNT) backup adopt --project /project $(KEY_ARG)

backup-adopt-local: node_modules ## Dasselbe ohne Docker
	@$(BACKUP_CLI_LOCAL) adopt $${AGE_IDENTITY:+--identity "$$AGE_IDENTITY"}

install: node_modules ## Installiert die npm-Abhängigkeiten (npm ci)

node_modules: package-lock.json
	npm ci --no-audit --no-fund
	@touch node_modules

local: node_modules ## Die Website ohne Docker: nginx :8080, API :3000, SMTP-Senke (Ctrl-C stoppt)
	npx tsx stack/src/local.ts

# The login password (docs/operations.md, "Passwort"): asked for here twice
# without echo, and piped as two lines into the API's set-password tool,
# which refuses an empty one or two different ones and writes the hash into
# .env. The Docker target runs the tool in a short-lived container of the
# API image (docker-compose.tools.yml) with the project at /project, as
# make backup-key runs the backup tool: run -T gives the container no
# terminal, so the asking happens here. The password reaches the tool on
# stdin only, never in a command line.
.PHONY: password-local
PASSWORD_CLI_DOCKER := $(COMPOSE) -f docker-compose.yml -f docker-compose.tools.yml \
	run --rm --no-deps -T password --project /project
PASSWORD_CLI_LOCAL := npm run -s set-password -w api
ASK_PASSWORD_TWICE = trap 'stty echo 2>/dev/null' EXIT; trap 'exit 130' INT TERM; \
	stty -echo 2>/dev/null; printf 'Neues Passwort: '; IFS= read -r pw; \
	printf '\nNoch einmal: '; IFS= read -r again; stty echo 2>/dev/null; echo; \
	printf '%s\n%s\n' "$$pw" "$$again"

password: docker-check ## Setzt das Login-Passwort: fragt zweimal, schreibt AUTH_PASSWORD_HASH in .env; danach make up (Docker)
	@$(ASK_PASSWORD_TWICE) | $(PASSWORD_CLI_DOCKER)

password-local: node_modules ## Dasselbe ohne Docker
	@$(ASK_PASSWORD_TWICE) | $(PASSWORD_CLI_LOCAL)

lint: node_modules ## ESLint und Prettier über das ganze Repository
	npm run lint

build: node_modules ## Baut API und Web-Bundle (api/dist, web/dist)
	npm run build
