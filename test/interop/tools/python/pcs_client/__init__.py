"""A stand-in for the package openapi-python-client generates, which cannot be installed here (PyPI is
out of reach). It keeps only what the snippet of docs/guides/other-languages.md relies on, as
openapi-python-client 0.29.0 writes it (templates/client.py.jinja): AuthenticatedClient sets the header
`auth_header_name: f"{prefix} {token}"` (just `token` when prefix is empty), `prefix` defaulting to
"Bearer"; Client passes `httpx_args` to the HTTP client, so `{"auth": (key, "")}` is HTTP Basic. The
HTTP client is requests instead of httpx (httpx is not installed), with the same `auth` pair semantics.
"""

import requests


class _HttpClient:
    def __init__(self, base_url, headers, auth):
        self._base_url = base_url.rstrip("/")
        self._headers = headers
        self._auth = auth

    def get(self, path):
        return requests.get(self._base_url + path, headers=self._headers, auth=self._auth, timeout=30)


class Client:
    def __init__(self, base_url, headers=None, httpx_args=None):
        self._base_url = base_url
        self._headers = dict(headers or {})
        self._httpx_args = dict(httpx_args or {})

    def get_httpx_client(self):
        return _HttpClient(self._base_url, self._headers, self._httpx_args.get("auth"))


class AuthenticatedClient(Client):
    def __init__(self, base_url, token, prefix="Bearer", auth_header_name="Authorization", headers=None, httpx_args=None):
        super().__init__(base_url, headers=headers, httpx_args=httpx_args)
        self._headers[auth_header_name] = f"{prefix} {token}" if prefix else token
