# Splits a service URL such as postgres://user@host:port/name into url_user, url_host, url_port and url_path
# (the part after the first slash, without a query), with the default port given as the second argument.
parse_service_url() {
  local rest="${1#*://}" userinfo="" hostport
  [[ "$rest" == *@* ]] && userinfo="${rest%%@*}"
  rest="${rest#*@}"
  hostport="${rest%%/*}"
  url_path=""
  [[ "$rest" == */* ]] && url_path="${rest#*/}"
  url_path="${url_path%%\?*}"
  url_user="${userinfo%%:*}"
  url_host="${hostport%%:*}"
  url_port="${hostport##*:}"
  [ "$url_port" = "$hostport" ] && url_port="$2"
  return 0
}
